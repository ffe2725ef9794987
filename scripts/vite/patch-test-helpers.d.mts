import type { Plugin } from "vite";

export function packageDir(name: string): string;
export function transform(plugin: Plugin, code: string, id: string): { code: string; map: null } | null;
export function loadPatched(plugin: Plugin, file: string): Promise<Record<string, any>>;
export function appFilesAsking(pattern: RegExp): string[];
