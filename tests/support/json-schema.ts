import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";

/**
 * A schema of the API's document compiled as a generated client's checks would be (JSON Schema 2020-12, with formats);
 * `components` resolves its `#/components/...` references.
 */
export function compileDocumentSchema(schema: object, components?: object) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  return ajv.compile(components ? { ...schema, components } : schema);
}
