/** The new order screen's tests' answers and form helpers. */
import * as addressesContracts from '@parcelport/shared/contracts/addresses/index';
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, within } from '@testing-library/react';
import { envelope, on, type StubbedCall, sampleUser, stubFetch } from '../../test/helpers';

export type Routes = Parameters<typeof stubFetch>[0];

export function stubCustomer(extra: Routes = {}) {
  return stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
    [on(addressesContracts.getCity)]: (call: StubbedCall) =>
      call.url.includes('zip=90210')
        ? envelope(200, { city: 'Beverly Hills', stateCode: 'CA', countryCode: 'US' })
        : call.url.includes('zip=10118')
          ? envelope(200, { city: 'New York', stateCode: 'NY', countryCode: 'US' })
          : envelope(404, null, 'No city is known for this ZIP code'),
    ...extra,
  });
}

export const input = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
export const typeInto = (testId: string, value: string) => {
  fireEvent.change(input(testId), { target: { value } });
  fireEvent.blur(input(testId));
};

export async function openSelect(testId: string) {
  const select = screen.getByTestId(testId);
  fireEvent.mouseDown(within(select.closest('.ant-select') ?? select).getByRole('combobox'));
  await screen.findAllByRole('option');
}

/** The dropdown entry (not the selected value) of a signature option. */
export const signatureOption = (option: string) =>
  screen
    .getAllByTestId(`signature-option-${option}`)
    .map((node) => node.closest('.ant-select-item-option'))
    .find(Boolean) as HTMLElement;
