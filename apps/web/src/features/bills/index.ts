/** The face of bills: what other features, the layout and the prerenderer may use of it. */
export { BillDeductions } from './BillDeductions';
export { mayReadBills } from './mayReadBills';
export { UnexplainedBillLines } from './UnexplainedBillLines';
