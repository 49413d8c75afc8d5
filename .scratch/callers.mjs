// usage: node callers.mjs file fnName [lastSeconds] : who calls fnName (inclusive % by immediate parent chain of 3)
import fs from "node:fs";
const [file, fn, lastSeconds = "10"] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n])); const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = p.startTime; const times = p.timeDeltas.map((d) => (t += d)); const cutoff = p.endTime - Number(lastSeconds) * 1e6;
const name = (id) => { const f = byId.get(id).callFrame; return `${f.functionName || "(anon)"}:${f.url.split("/").pop()}:${f.lineNumber}`; };
const counts = new Map(); let total = 0;
for (let i = 0; i < p.samples.length; i++) {
  if (times[i] < cutoff) continue;
  const f = byId.get(p.samples[i]).callFrame.functionName; if (f === "(idle)") continue; total++;
  for (let id = p.samples[i]; id !== undefined; id = parent.get(id)) {
    if (byId.get(id).callFrame.functionName === fn) {
      const chain = []; for (let q = parent.get(id), k = 0; q !== undefined && k < 4; q = parent.get(q), k++) chain.push(name(q));
      const key = chain.join(" < "); counts.set(key, (counts.get(key) ?? 0) + 1); break;
    }
  }
}
for (const [k, v] of [...counts].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(((100 * v) / total).toFixed(1).padStart(5) + "%", k);
