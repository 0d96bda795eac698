import * as attachmentsContracts from '@parcelport/shared/contracts/attachments/index';
import * as messagesContracts from '@parcelport/shared/contracts/messages/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import {
  callsOf,
  envelope,
  inEnglishWithToken,
  on,
  sampleUser,
  shownMessages,
  stubFetch,
  typeInto,
} from '../../test/helpers';
import { renderApp } from '../../test/render';

inEnglishWithToken('tok');

describe('my account (/settings/account)', () => {
  it('edits the profile, checked as the server checks it, and shows what was saved', async () => {
    const saved = sampleUser({ firstName: 'Grace', lastName: 'Hopper', name: 'Grace Hopper', company: 'Cobol & Co' });
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: [envelope(200, sampleUser()), envelope(200, saved)],
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(usersContracts.updateProfile)]: envelope(200, null),
    });
    renderApp('/settings/account');
    fireEvent.click(await screen.findByTestId('profile-edit'));
    expect((screen.getByTestId('profile-firstName') as HTMLInputElement).value).toBe('Ada');

    typeInto('profile-firstName', ' ');
    typeInto('profile-company', 'x'.repeat(121));
    fireEvent.click(screen.getByTestId('profile-save'));
    expect(await screen.findByText('This field is required')).toBeTruthy();
    expect(await screen.findByText('This is too long')).toBeTruthy();
    expect(callsOf(calls, usersContracts.updateProfile)).toHaveLength(0);

    typeInto('profile-firstName', 'Grace');
    typeInto('profile-lastName', 'Hopper');
    typeInto('profile-company', 'Cobol & Co');
    fireEvent.click(screen.getByTestId('profile-save'));
    await waitFor(() => expect(callsOf(calls, usersContracts.updateProfile)).toHaveLength(1));
    expect(callsOf(calls, usersContracts.updateProfile)[0]?.body).toEqual({
      firstName: 'Grace',
      lastName: 'Hopper',
      nickName: '',
      company: 'Cobol & Co',
      phone: '555',
      wechat: '',
    });
    await waitFor(() => expect(shownMessages()).toContain('Your profile is saved'));
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Grace Hopper');
  });

  it('shows the saved avatar in the navbar, fetched with the token (a plain <img src> is refused)', async () => {
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:avatar');
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser({ avatar: '/api/app/attachment/9' })),
      [on(messagesContracts.listMessages)]: envelope(200, []),
      [on(attachmentsContracts.getAttachment, { id: 9 })]: new Response(new Blob(['png'], { type: 'image/png' })),
    });
    renderApp('/settings/account');
    const avatar = await screen.findByTestId('navbar-avatar');
    await waitFor(() => expect(avatar.querySelector('img')?.getAttribute('src')).toBe('blob:avatar'));
    const fetched = callsOf(calls, attachmentsContracts.getAttachment, { id: 9 });
    expect(fetched[0]?.headers.Authorization).toBe('Bearer tok');
  });

  it('refuses an avatar over 500KB before uploading it', async () => {
    const { calls } = stubFetch({
      [on(usersContracts.getUserInfo)]: envelope(200, sampleUser()),
      [on(messagesContracts.listMessages)]: envelope(200, []),
    });
    renderApp('/settings/account');
    fireEvent.click(await screen.findByTestId('profile-edit'));
    const input = screen.getByTestId('profile-form').querySelector('input[type="file"]') as HTMLInputElement;
    const big = new File([new Uint8Array(600 * 1024)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    await waitFor(() => expect(shownMessages()).toContain('The image is larger than 500KB; choose a smaller one'));
    expect(callsOf(calls, attachmentsContracts.uploadAttachment)).toHaveLength(0);
  });
});
