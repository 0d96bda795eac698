import * as workOrders from '../../../src/modules/work-orders/repo.ts';
import { ex, repo } from '../examples.ts';
import { ANY_ACCOUNT, MERCHANT, ORDER, OWN, OWNED, STAFF } from '../values.ts';

const TICKET = 77;

export default [
  repo('modules/work-orders/repo.ts', workOrders, {
    insertWorkOrder: [
      ex(
        'about an order',
        (db) =>
          workOrders.insertWorkOrder(db, {
            ticketNo: 'WO202311140001',
            userId: MERCHANT,
            type: 'order',
            subject: 'Label not scanned',
            description: 'The driver did not scan it.',
            orderId: ORDER,
            attachmentId: null,
          }),
        [[{ id: TICKET }]],
      ),
    ],
    listed: [
      ex('any account', (db) => workOrders.listed(db, ANY_ACCOUNT).select('work_orders.id').execute()),
      ex('own', (db) => workOrders.listed(db, OWN).select('work_orders.id').execute()),
      ex('owned accounts', (db) => workOrders.listed(db, OWNED).select('work_orders.id').execute()),
    ],
    selectView: [
      ex('one ticket', (db) =>
        workOrders.selectView(workOrders.listed(db, ANY_ACCOUNT)).where('work_orders.id', '=', TICKET).execute(),
      ),
    ],
    repliesOf: [ex('a ticket', (db) => workOrders.repliesOf(db, TICKET))],
    addReply: [
      ex(
        "staff's reply",
        (db) =>
          workOrders.addReply(
            db,
            {
              workOrderId: TICKET,
              authorId: STAFF,
              side: 'staff',
              content: 'We asked the carrier.',
              attachmentId: null,
            },
            1,
          ),
        [1],
      ),
    ],
    moveWorkOrder: [ex('closed', (db) => workOrders.moveWorkOrder(db, TICKET, [1], 2))],
    attachmentOnOwnWorkOrder: [ex('a file', (db) => workOrders.attachmentOnOwnWorkOrder(db, 12, MERCHANT))],
  }),
];
