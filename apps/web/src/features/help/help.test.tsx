import * as helpContracts from '@parcelport/shared/contracts/help/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { useSessionStore } from '../../stores/session';
import { callsOf, envelope, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';

/** The help centre (issue 14): readers search and read articles; staff write them. */

const line = {
  slug: 'use-the-api',
  category: 'api',
  title: 'Use the API',
  summary: 'Make an API key…',
  updatedAt: '2026-11-24T08:00:00.000Z',
};

beforeEach(async () => {
  sessionStorage.clear();
  await changeLocale('en-US');
});
afterEach(async () => {
  await changeLocale('zh-CN');
});

describe('help centre', () => {
  it('lists the articles, searches them and opens one', async () => {
    const { calls } = stubFetch({
      [on(helpContracts.searchArticles)]: envelope(200, [line]),
      [on(helpContracts.readArticle, { slug: 'use-the-api' })]: envelope(200, {
        ...line,
        body: '# Keys\n\n- send it as Authorization: Bearer',
      }),
    });
    const { router } = renderApp('/helpCenter');
    const link = await screen.findByTestId('help-article-use-the-api');
    expect(link.getAttribute('href')).toBe('/wordView?slug=use-the-api');
    const search = within(screen.getByTestId('help-search')).getByRole('searchbox');
    fireEvent.change(search, { target: { value: 'bearer' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter' });
    await waitFor(() => expect(callsOf(calls, helpContracts.searchArticles).at(-1)?.url).toContain('keyword=bearer'));
    await router.navigate('/wordView?slug=use-the-api');
    expect((await screen.findByTestId('word-view-title')).textContent).toBe('Use the API');
    expect(within(screen.getByTestId('word-view-text')).getByRole('heading', { name: 'Keys' })).toBeTruthy();
  });

  it('says so for an article that does not exist', async () => {
    stubFetch({ [on(helpContracts.readArticle, { slug: 'gone' })]: envelope(404, null, 'Not found') });
    renderApp('/wordView?slug=gone');
    expect(await screen.findByText('This article cannot be found')).toBeTruthy();
  });
});

describe('help articles for staff', () => {
  it('writes a new article in both languages; a taken address is named on its field', async () => {
    useSessionStore.setState({ userInfo: null });
    sessionStorage.setItem('token', 'staff-token');
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(
        200,
        sampleUser({ kind: 'staff', role: ['menuSystem', 'adminSysMessageList'], roleCodes: ['administrator'] }),
      ),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(helpContracts.listArticles)]: envelope(200, []),
      [on(helpContracts.createArticle)]: envelope(400, { fields: { slug: 'Another article has this address' } }, 'x'),
    });
    renderApp('/adminSettings/helpArticles');
    fireEvent.click(await screen.findByTestId('article-new'));
    typeInto('article-slug', 'pallets');
    typeInto('article-titleZh', '托盘');
    typeInto('article-bodyZh', '托盘通过零担发运。');
    typeInto('article-titleEn', 'Pallets');
    typeInto('article-bodyEn', 'Pallets go by LTL.');
    fireEvent.click(screen.getByTestId('article-save'));
    await waitFor(() =>
      expect(callsOf(calls, helpContracts.createArticle)[0]?.body).toMatchObject({
        slug: 'pallets',
        category: 'gettingStarted',
        titleEn: 'Pallets',
        bodyZh: '托盘通过零担发运。',
        published: true,
      }),
    );
    expect(await screen.findByText('Another article has this address')).toBeTruthy();
  });
});
