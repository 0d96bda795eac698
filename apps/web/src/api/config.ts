import type { SettingValues } from '@parcelport/shared/contracts/config/index';
import * as contracts from '@parcelport/shared/contracts/config/index';
import { call } from './call';

/** System configuration (/adminSettings/sysConfig) and the settings other screens show; shapes from contracts/config. */
export type {
  PlatformValues,
  SettingChangeView,
  SettingsView,
  SettingViews,
} from '@parcelport/shared/contracts/config/index';

/**
 * Sends a test mail to the caller through the saved SMTP settings, or the form's (a blank password keeps the saved
 * one). Quiet: the form shows the outcome, a refusal included.
 */
export const sendTestMail = (smtp?: Partial<Record<keyof SettingValues['smtp'], unknown>>) =>
  call(contracts.sendTestMail, { body: smtp ? { smtp: smtp as never } : {} }, { isHideMsg: true });

/**
 * What a signed-in user's screens show of the settings (fees, exchange rate, the order screen's defaults); read in
 * passing by several screens (query key `platformValues`), so a failure shows no message of its own.
 */
export const getPlatformValues = () => call(contracts.platformValues, {}, { isHideMsg: true });

/** Whether registration is open, by invitation only, or closed (public); quiet: the page takes it as open without it. */
export const getRegistrationMode = () => call(contracts.registrationMode, {}, { isHideMsg: true });

/** The checklists of the dashboard's first-run card, quiet (the card is left out without them): the operator's first-run steps (payees, mail, a real channel, the registration mode). */
export const operatorChecklist = () => call(contracts.operatorChecklist, {}, { isHideMsg: true });

/** The merchant's first steps to a label (a default sender, a top-up, a first label). */
export const merchantChecklist = () => call(contracts.merchantChecklist, {}, { isHideMsg: true });
