import { WorkOrderPage } from './WorkOrderPage';

/** /settings/management/:id, or /settings/reply?id= (hidden in the menu): one of my work orders, its conversation and my reply. */
export default function WorkOrderReply() {
  return <WorkOrderPage desk="customer" />;
}
