import { pageScenario, runScenario } from "../bench/load.ts";
const [base, path, seconds = "10", connections = "50", encoding = "identity"] = process.argv.slice(2);
const scenario = pageScenario(`miss ${path}`, path, "page-miss");
scenario.headers = { ...scenario.headers, "Accept-Encoding": encoding };
const result = await runScenario(base, scenario, { connections: Number(connections), seconds: Number(seconds) });
console.log(JSON.stringify({ path, encoding, rps: result.rps, failures: result.failures }));
