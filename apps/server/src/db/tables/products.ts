import type { Generated } from 'kysely';

/** A merchant's product preset by SKU (0100, modules/products). */
export interface ProductsTable {
  id: Generated<number>;
  user_id: number;
  sku: string;
  name: Generated<string>;
  weight: Generated<number>;
  length: Generated<number>;
  width: Generated<number>;
  height: Generated<number>;
  mass_unit: Generated<string>;
  distance_unit: Generated<string>;
  /** JSON: customs fields kept for later (description, HS code, origin country, value in cents). */
  customs: Generated<string>;
  template_id: number | null;
  created_at: number;
  updated_at: number;
}

/** The tables modules/products writes, by name (test/table-owners.test.ts). */
export interface ProductsTables {
  products: ProductsTable;
}
