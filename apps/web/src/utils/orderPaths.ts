/** Where an order's screens are: the new order form, the import, an order's detail and its edit (several features link there). */
export const NEW_ORDER_PATH = '/shipments/newOrder';
export const IMPORT_PATH = '/shipments/import';
export const detailPath = (id: number) => `/shipments/detail/${id}`;
export const editPath = (id: number) => `${NEW_ORDER_PATH}?orderId=${id}`;
