/** A merchant's address correction before the label (0110): 'confirm', 'auto' or 'off' (no row: off). */
export interface AddressCorrectionModesTable {
  user_id: number;
  mode: string;
  updated_at: number;
}

/** The tables modules/addresses writes, by name (test/table-owners.test.ts). */
export interface AddressesTables {
  address_correction_modes: AddressCorrectionModesTable;
}
