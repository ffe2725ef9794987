import type { Plugin } from "vite";

/** A build plugin that replaces texts found exactly once in a library's file, or ranges from such a text to the next end (decisions 0110, 0111, 0147), gives top-level functions new bodies and drops top-level statements by how they begin (decision 0149). */
export function libraryPatch(options: {
  name: string;
  library: string;
  decision: string;
  file: RegExp;
  replacements?: ([string, string] | [string, string, string])[];
  functions?: Record<string, string>;
  statements?: string[];
  environments?: string[];
}): Plugin;
