import type { TestProject } from "vitest/node";
import { createTemplate, type TemplateRef } from "./template-db.ts";

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplate: TemplateRef;
  }
}

export default async function setup(project: TestProject) {
  const template = await createTemplate();
  project.provide("databaseTemplate", template.ref);
  return () => template.dispose();
}
