// Types of db/demo/seed.mjs for the TypeScript that calls it (tests/integration/demo-shop.ts).

export const DEFAULT_PRODUCTS: number;
export function pad(i: number): string;

export interface DemoFlow {
  seed(kit: Record<string, unknown>): Promise<void>;
}

export function seedDemo(options: {
  db: D1Database;
  env: unknown;
  now: number;
  hash: (password: string) => { hash: string; salt: string };
  putImage: (key: string, bytes: Uint8Array) => Promise<string>;
  flows: readonly DemoFlow[];
  total?: number;
  productImages?: boolean;
}): Promise<void>;
