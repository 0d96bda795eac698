import type { Generated } from 'kysely';

/** An insurance claim on an insured order (migration 0065, modules/claims); money in cents. */
export interface InsuranceClaimsTable {
  id: Generated<number>;
  user_id: number;
  order_id: number;
  type: string;
  status: string;
  /** `<order>:<type>` while the claim blocks another of its type, null once rejected. */
  open_key: string | null;
  amount: number;
  approved_amount: number | null;
  payout: number | null;
  postage_refund: number | null;
  description: string;
  reason: Generated<string>;
  work_order_id: number | null;
  decided_by: number | null;
  decided_at: number | null;
  paid_by: number | null;
  paid_at: number | null;
  created_at: number;
  updated_at: number;
}

/** The photos and invoices of a claim (attachments' rows). */
export interface InsuranceClaimFilesTable {
  claim_id: number;
  attachment_id: number;
}

/** The tables modules/claims writes, by name (test/table-owners.test.ts). */
export interface ClaimsTables {
  insurance_claims: InsuranceClaimsTable;
  insurance_claim_files: InsuranceClaimFilesTable;
}
