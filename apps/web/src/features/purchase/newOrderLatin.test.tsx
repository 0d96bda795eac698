/**
 * Issue 26: carriers take the parties' names and streets in Latin letters only. The new-order form warns under
 * each such field holding Chinese (or other non-Latin) text, naming it, and converts it to pinyin in one click.
 */
import * as channelsContracts from '@parcelport/shared/contracts/channels/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { envelope, inputOf, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';

beforeEach(() => {
  useSessionStore.setState({ userInfo: null });
  sessionStorage.setItem('token', 'customer-token');
  stubFetch({
    [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
    [on(messagesContracts.listMessages)]: envelope(200, []),
    [on(channelsContracts.myServices)]: envelope(200, []),
  });
});
afterAll(async () => {
  await changeLocale('zh-CN');
});

async function openNewOrder() {
  renderApp('/shipments/newOrder');
  await screen.findByTestId('new-order-page');
}

describe('new order: address fields carriers read in Latin letters', () => {
  it('in English: a Chinese recipient name is named in a warning and becomes "Zhang Wei" in one click', async () => {
    await changeLocale('en-US');
    await openNewOrder();
    typeInto('to-company', 'Acme Müller GmbH');
    expect(screen.queryByTestId('to-company-latin')).toBeNull();

    typeInto('to-personName', '张伟');
    expect((await screen.findByTestId('to-personName-latin')).textContent).toContain(
      'Carriers need Latin letters: Name must be in English or pinyin.',
    );
    expect(screen.queryByTestId('from-personName-latin')).toBeNull();

    fireEvent.click(screen.getByTestId('to-personName-pinyin'));
    await waitFor(() => expect(inputOf('to-personName').value).toBe('Zhang Wei'));
    // The warning goes once the form has re-rendered with the converted value.
    await waitFor(() => expect(screen.queryByTestId('to-personName-latin')).toBeNull());
  });

  it('in Chinese: a Chinese street is warned about and converted, syllable by syllable', async () => {
    await changeLocale('zh-CN');
    await openNewOrder();
    typeInto('from-addressLine1', '中山路 8 号');
    expect((await screen.findByTestId('from-addressLine1-latin')).textContent).toContain(
      '承运商只接受拉丁字母：「地址行 1」须为英文或拼音。',
    );
    expect(screen.getByTestId('from-addressLine1-pinyin').textContent).toContain('转为拼音');

    fireEvent.click(screen.getByTestId('from-addressLine1-pinyin'));
    await waitFor(() => expect(inputOf('from-addressLine1').value).toBe('Zhong Shan Lu 8 Hao'));
    await waitFor(() => expect(screen.queryByTestId('from-addressLine1-latin')).toBeNull());
  });
});
