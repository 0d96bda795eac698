/** The channel, its service and the administrator the carrier services' tests share. */
import { sampleUser } from '../../test/helpers';

export const admin = sampleUser({
  id: 1,
  username: 'admin@example.com',
  role: ['menuSystem', 'adminChannel', 'adminList', 'orderList', 'getComputeInfo'],
  roleCodes: ['administrator'],
});

export const channel = {
  id: 3,
  name: 'Regional UPS',
  platformCode: 'ratecard',
  carrierCode: 'UPS',
  status: 1,
  settings: { shipperNumber: 'AB12CD', earnestCents: 100 },
  health: { pausedUntil: null, failures: 0, authFailedAt: null, authError: '' },
  webhookUrl: null,
  isDemo: false,
  autoAllot: false,
  sort: 0,
  users: 0,
  services: [],
};

export const service = {
  id: 42,
  channelId: 3,
  code: 'UPS_REGIONAL',
  name: 'UPS Regional',
  carrierCode: 'UPS',
  status: 1,
  settings: {},
  sort: 0,
};
