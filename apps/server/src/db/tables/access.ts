import type { Generated } from 'kysely';

export interface RolesTable {
  id: Generated<number>;
  code: string;
  name: string;
  description: Generated<string>;
  built_in: Generated<number>;
  created_at: number;
}

export interface ResourcesTable {
  id: Generated<number>;
  code: string;
  category: string;
  name: string;
}

export interface RoleResourcesTable {
  role_id: number;
  resource_id: number;
}

/** The tables modules/access writes, by name (test/table-owners.test.ts). */
export interface AccessTables {
  roles: RolesTable;
  resources: ResourcesTable;
  role_resources: RoleResourcesTable;
}
