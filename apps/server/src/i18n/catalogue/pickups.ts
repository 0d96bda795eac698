import type { Locale } from '@parcelport/shared';

/** The messages modules/pickups speaks, in both languages (composed by ../messages.ts). */
export const PICKUPS_MESSAGES = {
  pickupFailed: {
    'zh-CN': '渠道 {channel} 的承运商未能处理上门取件：{message}',
    'en-US': 'The carrier of channel {channel} could not handle the pickup: {message}',
  },
  pickupNoLabels: {
    'zh-CN': '该渠道当天没有可取件的面单',
    'en-US': 'This channel has no labels of that day to pick up',
  },
  pickupNotOffered: {
    'zh-CN': '该渠道的承运商不支持在此预约上门取件',
    'en-US': "This channel's carrier takes no pickups booked here",
  },
  pickupPending: {
    'zh-CN':
      '已于 {since} 向渠道 {channel} 的承运商预约这一天的上门取件，结果尚未确认：确认前不会再次预约，以免承运商来两次。请稍后查看取件列表。',
    'en-US':
      'The carrier of channel {channel} was asked at {since} for a pickup on this day and its answer is not confirmed yet: no second booking is sent until it is, so that the carrier does not come twice. Look at your pickups again in a few minutes.',
  },
  msgPickupUnknownTitle: {
    'zh-CN': '渠道 {channel} 的上门取件预约结果未知',
    'en-US': 'The pickup booked with channel {channel} may or may not exist',
  },
  msgPickupUnknownBody: {
    'zh-CN':
      '{since} 向渠道 {channel} 的承运商预约 {date} 的上门取件时回复丢失，承运商不提供查询，无法确认是否已预约。为避免重复预约，该商户这一天不会再次预约。请向承运商核实后处理：登记确认号，或标记为未预约以便重新预约。',
    'en-US':
      'The answer of the carrier of channel {channel} to the pickup for {date} booked at {since} was lost, and the carrier cannot be asked whether it booked it. So that it is not booked twice, the merchant cannot book that day again. Look it up with the carrier, then settle it: record its confirmation number, or mark it not booked so the day can be booked again.',
  },
  pickupSettled: {
    'zh-CN': '该上门取件预约已处理过，不能再次处理',
    'en-US': 'This pickup booking has been settled already',
  },
  msgPickupSettledTitle: {
    'zh-CN': '渠道 {channel} 的上门取件预约已由工作人员处理',
    'en-US': 'Staff settled the pickup booked with channel {channel}',
  },
  msgPickupRecordedBody: {
    'zh-CN':
      '{since} 预约的 {date} 上门取件回复丢失，工作人员已向承运商核实预约成功，确认号 {confirmationNo}，取件费 {fee} 已从余额扣除。',
    'en-US':
      'The answer to the pickup for {date} booked at {since} was lost; staff confirmed it with the carrier under confirmation number {confirmationNo}. Its fee of {fee} was taken from your wallet.',
  },
  msgPickupReleasedBody: {
    'zh-CN': '{since} 预约的 {date} 上门取件回复丢失，工作人员已向承运商核实未预约成功。您可以重新预约这一天的取件。',
    'en-US':
      'The answer to the pickup for {date} booked at {since} was lost; staff found with the carrier that it was not booked. You can book that day again.',
  },
  pickupNotFound: { 'zh-CN': '找不到该上门取件', 'en-US': 'No such pickup' },
  pickupNotScheduled: { 'zh-CN': '该上门取件已取消', 'en-US': 'This pickup is already cancelled' },
} satisfies Record<string, Record<Locale, string>>;
