import type { Locale } from '@parcelport/shared';

/** The messages modules/bills speaks, in both languages (composed by ../messages.ts). */
export const BILLS_MESSAGES = {
  billColumnMissing: {
    'zh-CN': '文件中没有对应此项的列，请选择映射的表头',
    'en-US': 'No column of the file holds this; pick the header it is under',
  },
  billHasErrors: {
    'zh-CN': '账单有无法读取的行，请修正文件后重新上传',
    'en-US': 'The bill has rows that could not be read; fix the file and upload it again',
  },
  billLineNotDisputable: {
    'zh-CN': '只能对已入账且产生扣款、尚未申诉的账单行提出申诉',
    'en-US': 'Only a posted line that charged you, not disputed yet, can be disputed',
  },
  disputeNotOpen: { 'zh-CN': '该申诉已处理', 'en-US': 'This dispute has been decided already' },
  billLineNotVoided: {
    'zh-CN': '只能处理计在已作废面单上、尚未处理的账单行',
    'en-US': 'Only a line billed on a voided label, not decided yet, can be charged or written off',
  },
  billLineMerchantNotRefunded: {
    'zh-CN': '该面单的退款尚未退给客户，客户仍在为面单付费：待退款后再向客户收取',
    'en-US': 'The merchant has not been refunded for this voided label yet and still pays for it: charge once refunded',
  },
  billDisputeSubject: { 'zh-CN': '账单补扣申诉：{trackingNo}', 'en-US': 'Bill deduction dispute: {trackingNo}' },
  billDisputeEvidence: {
    'zh-CN':
      '运单号 {trackingNo}\n申报：{declared}\n承运商测量：{billed}\n补扣 {charged} 美元，罚款 {penalty} 美元\n承运商原因：{reason}',
    'en-US':
      'Tracking number {trackingNo}\nDeclared: {declared}\nMeasured by the carrier: {billed}\nCharged {charged} USD, penalty {penalty} USD\nCarrier reason: {reason}',
  },
  msgBillDisputeAcceptedTitle: { 'zh-CN': '账单申诉已通过', 'en-US': 'Bill dispute accepted' },
  msgBillDisputeAcceptedBody: {
    'zh-CN': '运单 {trackingNo} 的补扣申诉已通过，已退回 {amount} 美元，未扣部分已免除。{answer}',
    'en-US': 'Your dispute of {trackingNo} was accepted: {amount} USD given back and anything owed forgiven. {answer}',
  },
  msgBillVoidedChargedTitle: { 'zh-CN': '已作废面单被承运商计费', 'en-US': 'A voided label was billed by the carrier' },
  msgBillVoidedChargedBody: {
    'zh-CN':
      '订单 {orderNo}（运单 {trackingNo}）作废后仍被承运商计费，已扣 {charged} 美元，未扣 {owed} 美元。如有异议，可在资金明细中对该补扣提出申诉。',
    'en-US':
      'Order {orderNo} ({trackingNo}) was billed by the carrier after its label was voided: {charged} USD charged, {owed} USD owed. You can dispute the deduction from your fund details.',
  },
  msgBillDisputeRejectedTitle: { 'zh-CN': '账单申诉未通过', 'en-US': 'Bill dispute rejected' },
  msgBillDisputeRejectedBody: {
    'zh-CN': '运单 {trackingNo} 的补扣申诉未通过：{answer}',
    'en-US': 'Your dispute of {trackingNo} was rejected: {answer}',
  },
  billLineBusy: {
    'zh-CN': '该订单正被其他账单行同时入账，请稍后再入账一次',
    'en-US': 'Other bill lines of this order were posting at the same time; post the bill once more',
  },
  billReportsUnsupported: {
    'zh-CN': '该渠道的承运商不提供账单报告，请上传账单文件',
    'en-US': "This channel's carrier makes no bill on request: upload its bill file",
  },
  billReportSpan: {
    'zh-CN': '结束日期不能早于开始日期，且一次最多 31 天',
    'en-US': 'The last day must not be before the first, and a report covers at most 31 days',
  },
  billReportNotMade: {
    'zh-CN': '承运商一天内未生成该账单报告',
    'en-US': 'The carrier did not make the report within a day',
  },
  billReportLost: {
    'zh-CN': '请求账单报告时承运商的回复丢失，且承运商处没有找到此后生成的该时段报告：可以重新请求',
    'en-US':
      "The carrier's answer to the request was lost and it has no report of this span made since: it may be asked again",
  },
  billReportLookingUp: {
    'zh-CN':
      '上次向承运商（{channel}）请求该时段账单时回复丢失，正在向承运商查询是否已生成：查到前不会再次请求。请几分钟后再试。',
    'en-US':
      'The answer of the carrier ({channel}) to the last request for this span was lost, and it is being asked whether it made the report: it is not asked again until then. Try again in a few minutes.',
  },
  billReportFuture: { 'zh-CN': '不能晚于今天', 'en-US': 'Must not be after today' },
  billReportFailed: {
    'zh-CN': '承运商未接受账单请求（{channel}）：{message}',
    'en-US': 'The carrier did not take the request for its bill ({channel}): {message}',
  },
  billsPlatformOnly: {
    'zh-CN': '承运商账单涉及所有客户，仅平台管理人员可以处理',
    'en-US': "A carrier's bill touches every merchant: only platform-wide staff handle it",
  },
} satisfies Record<string, Record<Locale, string>>;
