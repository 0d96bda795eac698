import { hasAnyCode } from '@parcelport/shared';
import * as addressBookContracts from '@parcelport/shared/contracts/address-book/index';
import { useQuery } from '@tanstack/react-query';
import { PACKAGE_TEMPLATES_KEY } from '../../api/addressBook';
import { call } from '../../api/call';
import { userCodes, useSessionStore } from '../../stores/session';

/**
 * The account's package templates as a picker's options (the first 100). Only an account that keeps
 * templates (the list's codes) asks: staff opening Settings get no options rather than a 403 toast, and
 * `mayList` tells the screen to leave the picker out.
 */
export function useTemplateChoices() {
  const contract = addressBookContracts.listPackageTemplates;
  const mayList = hasAnyCode(contract.access.codes, userCodes(useSessionStore((state) => state.userInfo)));
  const templates = useQuery({
    queryKey: [PACKAGE_TEMPLATES_KEY, 'picker'],
    queryFn: () => call(contract, { query: { page: 1, pageSize: 100 } }),
    enabled: mayList,
  });
  const choices = (templates.data?.list ?? []).map((template) => ({ value: template.id, label: template.name }));
  return { mayList, choices };
}
