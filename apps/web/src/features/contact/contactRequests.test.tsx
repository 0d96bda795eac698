import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as siteContracts from '@parcelport/shared/contracts/site/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { callsOf, envelope, inEnglishWithToken, on, sampleUser, stubFetch, typeInto } from '../../test/helpers';
import { renderApp } from '../../test/render';

/** /adminSettings/contactRequests (issue 14): the support desk answers what visitors asked on /contactUs. */

const desk = sampleUser({ kind: 'staff', role: ['menuSystem', 'adminQuestionList'], roleCodes: ['customerService'] });
const request = {
  id: 41,
  firstName: 'Lin',
  lastName: 'Wei',
  email: 'lin@shop.test',
  phone: '+1 415 555 0100',
  monthlyVolume: '500to2000',
  question: 'Do you ship to Canada?',
  language: 'en-US',
  status: 0,
  reply: '',
  repliedBy: null,
  repliedAt: null,
  createdAt: '2026-11-24T08:00:00.000Z',
};

inEnglishWithToken('desk-token');

describe('contact requests', () => {
  it('lists the waiting requests and answers one; the answered one leaves the waiting list', async () => {
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, desk),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(siteContracts.listContacts)]: [
        envelope(200, { list: [request], total: 1, page: 1, pageSize: 20 }),
        envelope(200, { list: [], total: 0, page: 1, pageSize: 20 }),
      ],
      [on(siteContracts.replyContact, { id: 41 })]: envelope(200, {
        ...request,
        status: 1,
        reply: 'Yes, we do.',
        repliedBy: 'desk@example.com',
      }),
    });
    renderApp('/adminSettings/contactRequests');
    const row = await screen.findByTestId('contact-request-41');
    expect(row.textContent).toContain('lin@shop.test');
    expect(row.textContent).toContain('500-2,000');
    expect(
      new URL(callsOf(calls, siteContracts.listContacts)[0]?.url ?? '', 'http://x').searchParams.get('status'),
    ).toBe('0');
    fireEvent.click(within(row).getByTestId('contact-reply'));
    expect(await screen.findByText('English (the answer is mailed in English)')).toBeTruthy();
    typeInto('contact-reply-text', 'Yes, we do.');
    fireEvent.click(screen.getByTestId('contact-reply-send'));
    await waitFor(() =>
      expect(callsOf(calls, siteContracts.replyContact, { id: 41 })[0]?.body).toEqual({ reply: 'Yes, we do.' }),
    );
    await waitFor(() => expect(screen.queryByTestId('contact-request-41')).toBeNull());
  });
});
