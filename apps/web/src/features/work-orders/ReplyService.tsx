import { WorkOrderPage } from './WorkOrderPage';

/** /adminSettings/serviceManagement/:id, or /settings/replyService?id= (hidden in the menu): customer service answers one work order. */
export default function ReplyService() {
  return <WorkOrderPage desk="service" />;
}
