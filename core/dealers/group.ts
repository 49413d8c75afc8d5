/**
 * The group's own names, for pages and their scripts alike: this module reads no database (the browser build refuses
 * one that does, vite.config.ts).
 */

/** The pseudo dealer slug that stands for the whole group (head office) where a dealer slug is expected. */
export const HEAD_OFFICE_SLUG = "head-office";
export const GROUP_NAME = "Honda Dealer Group";
