import type { Locale } from '@parcelport/shared';
import { columnMessages, namesAsMessages, ORDER_STATUS_NAMES } from '@parcelport/shared';

/** The messages the order's modules (orders, purchase, settlement, volume) speak, in both languages (composed by ../messages.ts). */
export const ORDERS_MESSAGES = {
  colTestLabel: { 'zh-CN': '测试面单', 'en-US': 'Test label' },
  purchaseUnconfirmed: {
    'zh-CN': '承运商尚未确认购买结果，系统将自动核实：已出面单则订单完成，未出则全额退款',
    'en-US':
      'The carrier has not confirmed the purchase; it is checked automatically: completed if the label was issued, refunded in full if not',
  },
  labelFormatUnavailable: {
    'zh-CN': '承运商出具的面单格式为 {issued}，无法以 {format} 下载',
    'en-US': 'The carrier issued this label as {issued}; it cannot be downloaded as {format}',
  },
  noLabelsSelected: {
    'zh-CN': '所选订单都没有已购买的面单',
    'en-US': 'None of the selected orders has a bought label',
  },
  orderHeldForReview: {
    'zh-CN': '订单被规则暂扣待审核，放行后才能购买面单',
    'en-US': 'A rule holds this order for review; release it before buying its label',
  },
  orderNotHeld: { 'zh-CN': '订单未被暂扣', 'en-US': 'The order is not held for review' },
  serviceUnavailable: {
    'zh-CN': '该服务无法承运此订单：{reason}',
    'en-US': 'This service cannot carry the order: {reason}',
  },
  choiceCheapest: {
    'zh-CN': '最便宜：{service}（{total}，{count} 个可用服务中最低，运输 {days} 个工作日，预计 {date} 送达）',
    'en-US':
      'Cheapest: {service} ({total}, the lowest of {count} available services; {days} business days, expected {date})',
  },
  choiceFastest: {
    'zh-CN': '最快：{service}（运输 {days} 个工作日，预计 {date} 送达，{total}）',
    'en-US': 'Fastest: {service} ({days} business days, expected {date}; {total})',
  },
  choiceWithin: {
    'zh-CN': '{within} 天内送达中最便宜：{service}（{total}，运输 {days} 个工作日，预计 {date} 送达）',
    'en-US': 'Cheapest arriving within {within} days: {service} ({total}; {days} business days, expected {date})',
  },
  choiceWithinOverCheaper: {
    'zh-CN':
      '{within} 天内送达中最便宜：{service}（{total}，运输 {days} 个工作日，预计 {date} 送达）；更便宜的 {cheaper}（{cheaperTotal}）需 {cheaperDays} 天',
    'en-US':
      'Cheapest arriving within {within} days: {service} ({total}; {days} business days, expected {date}); the cheaper {cheaper} ({cheaperTotal}) takes {cheaperDays} days',
  },
  choiceCheapestOf: {
    'zh-CN': '{carriers} 中最便宜：{service}（{total}，运输 {days} 个工作日，预计 {date} 送达）',
    'en-US': 'Cheapest of {carriers}: {service} ({total}; {days} business days, expected {date})',
  },
  choiceNoService: { 'zh-CN': '没有可用的服务', 'en-US': 'No service can carry this order' },
  choiceNoTransit: {
    'zh-CN': '没有提供运输时效的可用服务',
    'en-US': 'No available service states its transit time',
  },
  choiceNoneWithin: {
    'zh-CN': '没有可在 {within} 天内送达的可用服务',
    'en-US': 'No available service arrives within {within} days',
  },
  choiceUnmet: { 'zh-CN': '未购买：{reason}', 'en-US': 'Not bought: {reason}' },
  choiceNoneOf: { 'zh-CN': '{carriers} 没有可用的服务', 'en-US': 'No available service of {carriers}' },
  testLabelsUnavailable: {
    'zh-CN':
      '渠道 {channel} 未配置承运商的测试密钥：测试面单不会用正式账户购买。请换用演示渠道，或请管理员添加测试密钥',
    'en-US':
      'The channel {channel} has no test credentials from its carrier, and a test label is never bought with the live account: use a demo channel, or ask the operator to add the test key',
  },
  purchaseFailed: { 'zh-CN': '下单失败：{reason}', 'en-US': 'Label purchase failed: {reason}' },

  // Built at run time: `reason_${reason}` (modules/purchase/quote.ts).
  reason_overWeight: { 'zh-CN': '超过最大重量 {max}', 'en-US': 'over the maximum weight of {max}' },
  reason_overLength: { 'zh-CN': '超过最大长度 {max}', 'en-US': 'longer than the maximum of {max}' },
  reason_overLengthGirth: { 'zh-CN': '长度加周长超过 {max}', 'en-US': 'length plus girth over {max}' },
  reason_noRate: { 'zh-CN': '分区 {zone}、重量 {weight} 无报价', 'en-US': 'no price for zone {zone} at {weight}' },
  reason_noTestCredentials: {
    'zh-CN': '该渠道未配置测试密钥，不能出测试面单',
    'en-US': 'the channel has no test credentials for test labels',
  },
  reason_notQuoted: { 'zh-CN': '承运商未对此服务报价', 'en-US': 'the carrier quoted no price for this service' },
  reason_productNotOffered: {
    'zh-CN': '承运商对此包裹只报该服务所购产品以外的价格：{offered}',
    'en-US': 'the carrier prices only other products than the one this service buys: {offered}',
  },
  reason_notDomestic: { 'zh-CN': '仅支持美国境内寄送', 'en-US': 'ships within the US only' },
  reason_zipUnknown: { 'zh-CN': '邮编无法识别', 'en-US': 'a ZIP code is not known' },
  reason_battery: {
    'zh-CN': '当前模式不可选择该电池状态，请联系业务员',
    'en-US': 'Current mode battery status cannot be selected, contact the salesperson',
  },
  reason_channelPaused: {
    'zh-CN': '渠道暂停使用（连续故障或请求配额已用完），{until} 后恢复',
    'en-US': 'channel paused (repeated failures or its request quota used up) until {until}',
  },
  reason_platformError: { 'zh-CN': '承运商接口错误：{message}', 'en-US': 'carrier error: {message}' },

  // Built at run time: `event_${event}` (modules/orders/routes.ts).
  event_draft: { 'zh-CN': '创建草稿', 'en-US': 'Draft created' },
  event_placing: { 'zh-CN': '正在下单', 'en-US': 'Placing the order' },
  event_labelCreated: { 'zh-CN': '运单已生成', 'en-US': 'Waybill generated' },
  event_failed: { 'zh-CN': '订单失败', 'en-US': 'Order failed' },
  event_cancelled: { 'zh-CN': '订单已取消', 'en-US': 'Order cancelled' },
  event_cancelRequested: { 'zh-CN': '申请取消', 'en-US': 'Cancellation requested' },
  event_voided: { 'zh-CN': '订单已作废', 'en-US': 'Order invalidated' },
  event_carrierVoidUnasked: {
    'zh-CN': '承运商作废请求未送达，将自动重试',
    'en-US': 'Void not reached the carrier; retried automatically',
  },
  event_carrierVoidPending: {
    'zh-CN': '承运商已受理作废，退款审核中',
    'en-US': 'Void accepted by the carrier; refund under review',
  },
  event_carrierVoidRefunded: { 'zh-CN': '承运商已退款', 'en-US': 'Refunded by the carrier' },
  event_carrierVoidRejected: { 'zh-CN': '承运商拒绝退款', 'en-US': 'Refund refused by the carrier' },
  event_refundAwaitingCarrier: { 'zh-CN': '退款待承运商退款后发放', 'en-US': "Refund follows the carrier's" },
  event_refunded: { 'zh-CN': '已退款', 'en-US': 'Refunded' },
  event_cancelRejected: { 'zh-CN': '取消被驳回', 'en-US': 'Cancellation rejected' },
  event_restored: { 'zh-CN': '撤销取消', 'en-US': 'Cancellation withdrawn' },
  event_backToDraft: { 'zh-CN': '退回草稿', 'en-US': 'Returned to draft' },
  event_holdReleased: { 'zh-CN': '暂扣已放行', 'en-US': 'Released from review hold' },
  event_billed: { 'zh-CN': '承运商账单已结算', 'en-US': 'Carrier bill settled' },
  event_earnestReleased: { 'zh-CN': '临时保证金已释放', 'en-US': 'Temporary deposit released' },
  event_reviewRejected: { 'zh-CN': '审核驳回', 'en-US': 'Rejected in review' },
  event_reviewApproved: { 'zh-CN': '审核通过', 'en-US': 'Approved in review' },
  event_received: { 'zh-CN': '已揽收', 'en-US': 'Received' },
  event_inTransit: { 'zh-CN': '运输中', 'en-US': 'In transit' },
  event_delivered: { 'zh-CN': '包裹已签收', 'en-US': 'Package delivered' },
  event_returnCreated: { 'zh-CN': '创建退货面单草稿', 'en-US': 'Return label drafted' },
  event_returnUsed: { 'zh-CN': '退货面单首次扫描，已扣费', 'en-US': 'Return label first scanned and charged' },
  event_addressCorrected: { 'zh-CN': '收件地址已按校验结果更正', 'en-US': 'Recipient address corrected as checked' },
  event_addressKept: { 'zh-CN': '收件地址按原样保留', 'en-US': 'Recipient address kept as given' },
  event_markedResidential: { 'zh-CN': '承运商认定为住宅地址', 'en-US': 'Marked residential by the carrier' },
  event_markedCommercial: { 'zh-CN': '承运商认定为商业地址', 'en-US': 'Marked commercial by the carrier' },
  event_returnLapsed: { 'zh-CN': '退货面单未使用，已过期', 'en-US': 'Return label lapsed unused' },

  orderIncomplete: {
    'zh-CN': '订单尚未填写完整，请先补全：{fields}',
    'en-US': 'The order is not complete yet; fill in: {fields}',
  },
  addressNotLatin: {
    'zh-CN': '承运商只接受拉丁字母（英文或拼音），请改写：{fields}',
    'en-US': 'Carriers need Latin letters (English or pinyin); rewrite: {fields}',
  },
  noLabelIssued: {
    'zh-CN': '承运商未出面单（已由工作人员核实），全额退款',
    'en-US': 'No label was issued by the carrier (checked by staff); refunded in full',
  },
  trackingNumbersPerParcel: { 'zh-CN': '请为每个包裹填写一个运单号', 'en-US': 'Enter one tracking number per parcel' },
  labelNotAtCarrier: {
    'zh-CN': '承运商处找不到这些运单号的面单',
    'en-US': 'The carrier has no label under these tracking numbers',
  },
  carrierFormFailed: {
    'zh-CN': '渠道 {channel} 的承运商未能生成交运单（SCAN form）：{message}',
    'en-US': 'The carrier of channel {channel} could not make its acceptance form (SCAN form): {message}',
  },
  carrierFormPending: {
    'zh-CN':
      '已于 {since} 向渠道 {channel} 的承运商申请其中部分面单的交运单（SCAN form），结果尚未确认：再次申请前会先向承运商查询是否已生成。请几分钟后再试。',
    'en-US':
      'The carrier of channel {channel} was asked at {since} for the acceptance form (SCAN form) of some of these labels and its answer is not known yet: it is asked whether it made the form before they are sent again. Try again in a few minutes.',
  },
  carrierFormUnknown: {
    'zh-CN':
      '已于 {since} 向渠道 {channel} 的承运商申请其中部分面单的交运单（SCAN form），但回复丢失，且无法向承运商查询是否已生成，因此这些面单不会再次申请交运单。已通知工作人员；这些包裹可不带交运单交寄（逐件扫描），或在清单中去掉它们。',
    'en-US':
      'The carrier of channel {channel} was asked at {since} for the acceptance form (SCAN form) of some of these labels and its answer was lost; it cannot be asked whether it made the form, so they are not sent for another one. Staff have been told. The parcels can be handed over without a form (each scanned on its own), or left out of the manifest.',
  },
  msgCarrierFormUnknownTitle: {
    'zh-CN': '渠道 {channel} 的交运单（SCAN form）结果未知',
    'en-US': 'The acceptance form (SCAN form) of channel {channel} may or may not exist',
  },
  msgCarrierFormUnknownBody: {
    'zh-CN':
      '{since} 向渠道 {channel} 的承运商申请交运单（SCAN form）时回复丢失，承运商不提供查询，无法确认是否已生成。为避免同一批面单生成第二张交运单，这些面单不会再次申请：{trackingNumbers}。包裹可不带交运单交寄（逐件扫描）。请向 USPS 核实后在“渠道管理 - 渠道服务 - 结果未知的交运单”中处理：登记交运单号，或释放面单以重新申请。',
    'en-US':
      'The answer of the carrier of channel {channel} to the acceptance form (SCAN form) asked for at {since} was lost, and the carrier cannot be asked whether it made it. So that no second form is made for the same labels, these are not sent for another one: {trackingNumbers}. Their parcels can be handed over without a form, each scanned on its own. Look the labels up with USPS, then settle the form under Carriers → Carrier services → SCAN forms with an unknown outcome: record its number, or release the labels for a new form.',
  },
  carrierFormSettled: {
    'zh-CN': '这张交运单（SCAN form）已处理过，不能再次处理',
    'en-US': 'This acceptance form (SCAN form) has been settled already',
  },
  msgCarrierFormSettledTitle: {
    'zh-CN': '渠道 {channel} 的交运单（SCAN form）已由工作人员处理',
    'en-US': 'Staff settled the acceptance form (SCAN form) of channel {channel}',
  },
  msgCarrierFormRecordedBody: {
    'zh-CN':
      '{since} 申请的交运单回复丢失，工作人员已向承运商核实，登记交运单号 {formNumber}。重新生成清单时会附上这张交运单：{trackingNumbers}。',
    'en-US':
      'The answer to the acceptance form asked for at {since} was lost; staff obtained it from the carrier and recorded form {formNumber}. Your manifest now carries it: {trackingNumbers}.',
  },
  msgCarrierFormReleasedBody: {
    'zh-CN':
      '{since} 申请的交运单回复丢失，工作人员已向承运商核实未生成交运单。重新生成清单时会为这些面单申请新的交运单：{trackingNumbers}。',
    'en-US':
      'The answer to the acceptance form asked for at {since} was lost; staff found with the carrier that no form was made. Your next manifest asks for a new form for these labels: {trackingNumbers}.',
  },
  msgPurchaseUnconfirmedTitle: {
    'zh-CN': '订单 {orderNo} 的购买待人工确认',
    'en-US': 'The purchase of order {orderNo} waits for you to confirm it',
  },
  msgPurchaseUnconfirmedBody: {
    'zh-CN':
      '订单 {orderNo} 在渠道 {channel} 下单时中断，承运商无法按订单号查询是否已出面单。请在承运商账户中按参考号 {orderNo} 查找面单，然后在“维护 - 未结款项 - 待确认购买”中填写找到的运单号，或确认未出面单以全额退款。',
    'en-US':
      'The purchase of order {orderNo} on channel {channel} was cut off, and the carrier cannot be asked by order number whether it issued a label. Look up reference {orderNo} in the carrier account, then under Maintenance → Money still out → Purchases to confirm enter the tracking numbers found, or confirm that no label was issued to refund it in full.',
  },
  msgLabelNotVoidedTitle: {
    'zh-CN': '订单 {orderNo} 的面单未能在承运商处作废',
    'en-US': 'The label of order {orderNo} was not voided at the carrier',
  },
  msgLabelNotVoidedBody: {
    'zh-CN':
      '渠道 {channel} 为订单 {orderNo} 买下的面单无人付款（订单已退款），但承运商未能作废（{message}）。请在承运商账户中手动作废，运单号见 API 日志中该订单号的作废记录；否则运营方可能被承运商计费。',
    'en-US':
      'A label bought on channel {channel} for order {orderNo} is paid by nobody (the order was refunded), and the carrier did not void it ({message}). Void it by hand in the carrier account (its tracking numbers are in the API log under the order number), or the operator may be billed for it.',
  },
  purchaseSettling: {
    'zh-CN': '该订单被中断的下单仍在确认中，稍后自动继续',
    'en-US': 'An interrupted purchase of this order is being settled; the item goes on by itself',
  },
  msgOrderVoidPendingTitle: { 'zh-CN': '订单已作废，退款处理中', 'en-US': 'Order voided; refund on its way' },
  msgOrderVoidPendingBody: {
    'zh-CN': '订单 {orderNo} 的取消申请已通过，承运商退款后将自动退还 {amount} USD。',
    'en-US':
      'The cancellation of order {orderNo} was approved; {amount} USD is refunded as soon as the carrier refunds the label.',
  },
  labelVoidedAtCarrier: {
    'zh-CN': '该面单已在承运商处作废，无法撤销取消',
    'en-US': 'The label is voided at the carrier; the cancellation cannot be withdrawn',
  },
  msgOrderVoidedTitle: { 'zh-CN': '订单已作废并退款', 'en-US': 'Order voided and refunded' },
  msgOrderVoidedBody: {
    'zh-CN': '订单 {orderNo} 的取消申请已通过，已退款 {amount} USD。',
    'en-US': 'The cancellation of order {orderNo} was approved; {amount} USD refunded.',
  },
  msgCancelRejectedTitle: { 'zh-CN': '取消申请被驳回', 'en-US': 'Cancellation rejected' },
  msgCancelRejectedBody: {
    'zh-CN': '订单 {orderNo} 的取消申请被驳回：{reason}',
    'en-US': 'The cancellation of order {orderNo} was rejected: {reason}',
  },
  mappingInvalid: {
    'zh-CN': '列映射应为 JSON：字段 → 表头',
    'en-US': 'The column mapping must be JSON of field → header',
  },
  testOrderNeedsTestKey: {
    'zh-CN': '正式 API 密钥只能创建正式订单，测试订单请使用测试密钥（pp_test_…）',
    'en-US': 'A live API key makes live orders only; make test orders with a test key (pp_test_…)',
  },
  manifestEmpty: { 'zh-CN': '所选范围内没有已出单的包裹', 'en-US': 'No labelled parcels in the selection' },
  slipsEmpty: { 'zh-CN': '所选范围内没有订单', 'en-US': 'No orders in the selection' },

  // What a packing slip and a pick list print around their data (documents/packing-slip.ts).
  slipHeading: { 'zh-CN': '装箱单', 'en-US': 'PACKING SLIP' },
  slipPickList: { 'zh-CN': '拣货单  共 {count} 单', 'en-US': 'PICK LIST  {count} orders' },
  slipReference: { 'zh-CN': '参考号', 'en-US': 'Reference' },
  slipTracking: { 'zh-CN': '跟踪号', 'en-US': 'Tracking' },
  slipDate: { 'zh-CN': '日期', 'en-US': 'Date' },
  slipShipTo: { 'zh-CN': '收件人', 'en-US': 'SHIP TO' },
  slipQuantity: { 'zh-CN': '数量', 'en-US': 'QTY' },
  slipSku: { 'zh-CN': 'SKU', 'en-US': 'SKU' },
  slipItem: { 'zh-CN': '商品', 'en-US': 'ITEM' },
  slipNoItems: {
    'zh-CN': '此订单未记录商品（请为订单添加商品或内容说明）。',
    'en-US': 'No items recorded for this order (add items or contents to it).',
  },
  ...columnMessages('orderNo', 'tracking', 'service', 'insurance', 'recipient', 'parcels', 'batchNo', 'labelCreatedAt'),
  colRate: { 'zh-CN': '运费', 'en-US': 'Postage' },
  colToAddress: { 'zh-CN': '收件地址', 'en-US': 'Recipient address' },
  colToZip: { 'zh-CN': '收件邮编', 'en-US': 'Recipient ZIP' },

  // Built at run time: `orderStatus${code}` (modules/volume/downloads.ts).
  ...namesAsMessages('orderStatus', ORDER_STATUS_NAMES),

  importColumnMissing: {
    'zh-CN': '表格缺少此列（可在导入时指定列对应关系）',
    'en-US': 'The sheet has no such column (map one when importing)',
  },
  importNotes: {
    'zh-CN':
      '每行一个包裹；“订单分组”相同的行合并为一个多包裹订单（订单信息取第一行）。\n必填：收件人、收件地址1、收件城市、收件州、收件邮编、长、宽、高；发件信息同样必填。\n重量默认 1，单位默认 lb / in；选择 kg 或 cm 时单位为 kg / cm。\n保险申报价值超过 100 美元收取保险费，单件最高 50,000 美元。\n电池类型：none、lithiumIonInstalledInDevice、lithiumIonPackedWithDevice 等。',
    'en-US':
      'One row per parcel; rows with the same "Order group" make one order with several parcels (order fields are read from its first row).\nRequired: recipient name, address 1, city, state, ZIP, length, width, height, and the same for the sender.\nWeight defaults to 1, units to lb / in; kg or cm means kg / cm.\nDeclared values above 100 USD are insured for a premium, at most 50,000 USD per parcel.\nBattery type: none, lithiumIonInstalledInDevice, lithiumIonPackedWithDevice, …',
  },
} satisfies Record<string, Record<Locale, string>>;
