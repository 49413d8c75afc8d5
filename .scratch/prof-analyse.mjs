// usage: node prof-analyse.mjs file.cpuprofile [lastSeconds] [topN] [filterRegex-for-inclusive]
import fs from "node:fs";
const [file, lastSeconds = "10", topN = "40", inclusive] = process.argv.slice(2);
const p = JSON.parse(fs.readFileSync(file, "utf8"));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
let t = p.startTime; const times = p.timeDeltas.map((d) => (t += d));
const cutoff = p.endTime - Number(lastSeconds) * 1e6;
const self = new Map(); const incl = new Map(); const pkg = new Map(); let total = 0;
const where = (n) => { const u = n.callFrame.url || "(native)"; const m = u.match(/node_modules\/((@[^/]+\/)?[^/]+)/); if (m) return m[1]; if (u.startsWith("node:")) return "node-internal"; if (u.includes("build/server")) return "build/server"; return u.split("/").slice(-2).join("/") || "(vm)"; };
for (let i = 0; i < p.samples.length; i++) {
  if (times[i] < cutoff) continue;
  const n = byId.get(p.samples[i]); const cf = n.callFrame;
  if (cf.functionName === "(idle)") continue;
  total++;
  const key = `${cf.functionName || "(anon)"} ${where(n)}:${cf.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + 1);
  const w = cf.functionName.startsWith("(") ? cf.functionName : where(n);
  pkg.set(w, (pkg.get(w) ?? 0) + 1);
  const seen = new Set();
  for (let id = n.id; id !== undefined; id = parent.get(id)) { const f = byId.get(id).callFrame; const k = `${f.functionName || "(anon)"} ${where(byId.get(id))}:${f.lineNumber}`; if (!seen.has(k)) { seen.add(k); incl.set(k, (incl.get(k) ?? 0) + 1); } }
}
const pct = (v) => ((100 * v) / total).toFixed(1).padStart(5) + "%";
console.log(`samples ${total}`);
console.log("== by package/file (self)"); for (const [k, v] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(pct(v), k);
console.log("== self"); for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, Number(topN))) console.log(pct(v), k);
console.log("== inclusive"); for (const [k, v] of [...incl].filter(([k]) => !inclusive || new RegExp(inclusive).test(k)).sort((a, b) => b[1] - a[1]).slice(0, Number(topN))) console.log(pct(v), k);
