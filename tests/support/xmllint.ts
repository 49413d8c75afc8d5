import { spawn } from "node:child_process";
import path from "node:path";

const ADF_DTD = path.resolve(import.meta.dirname, "../../core/delivery/adf/adf-1.0.dtd");

/**
 * Validates an XML document against a DTD with xmllint (Debian's libxml2-utils, installed by .ci/run):
 * answers xmllint's complaints, empty when the document is valid.
 */
export async function dtdViolations(xml: string, dtd = ADF_DTD): Promise<string> {
  const { code, stderr } = await xmllint(["--noout", "--nonet", "--dtdvalid", dtd, "-"], xml);
  return code === 0 ? "" : stderr || `xmllint exited with ${code}`;
}

/** The XPath expression's value in the document, read by xmllint (a real XML parser): string(//customer/comments). */
export async function xpath(xml: string, expression: string): Promise<string> {
  const { code, stdout, stderr } = await xmllint(["--nonet", "--xpath", expression, "-"], xml);
  if (code !== 0) throw new Error(`xmllint --xpath ${expression}: ${stderr}`);
  return stdout;
}

function xmllint(args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("xmllint", args, { stdio: ["pipe", "pipe", "pipe"] });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input, "utf8");
  });
}
