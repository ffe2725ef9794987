import type { Plugin } from "vite";

/** A build plugin that replaces texts found exactly once in a library's file, or ranges from such a text to the next end (decisions 0110, 0111, 0147). */
export function libraryPatch(options: {
  name: string;
  library: string;
  decision: string;
  file: RegExp;
  replacements: ([string, string] | [string, string, string])[];
  environments?: string[];
}): Plugin;
