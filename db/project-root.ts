import fs from "node:fs";
import path from "node:path";

/**
 * The project's folder: the nearest one above this module that holds package.json. This module runs from db/ in
 * development and tests, and from build/server/ once bundled into the production server, so a path
 * relative to the module itself would differ between the two.
 */
function nearestPackageFolder(start: string): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (fs.existsSync(path.join(folder, "package.json"))) return folder;
    if (path.dirname(folder) === folder) throw new Error(`no package.json above ${start}`);
  }
}

export const projectRoot = nearestPackageFolder(import.meta.dirname);
