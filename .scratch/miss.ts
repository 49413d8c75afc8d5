import { pageScenario, runScenario } from "../bench/load.ts";
const [base, path, seconds = "10", connections = "50"] = process.argv.slice(2);
const result = await runScenario(base, pageScenario(`miss ${path}`, path, "page-miss"), {
  connections: Number(connections),
  seconds: Number(seconds),
});
console.log(JSON.stringify({ path, rps: result.rps, p50: result.p50, p99: result.p99, failures: result.failures }));
