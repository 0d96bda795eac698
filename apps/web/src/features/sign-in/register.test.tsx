import * as configContracts from '@parcelport/shared/contracts/config/index';
import * as usersContracts from '@parcelport/shared/contracts/users/index';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLocale } from '../../i18n';
import { callsOf, envelope, on, type StubbedCall, stubFetch, urlOf } from '../../test/helpers';
import { pathOf, renderApp } from '../../test/render';

beforeAll(async () => {
  await changeLocale('en-US');
});
afterAll(async () => {
  await changeLocale('zh-CN');
});

function fill(values: Record<string, string>) {
  for (const [testId, value] of Object.entries(values)) {
    fireEvent.change(screen.getByTestId(`register-${testId}`), { target: { value } });
  }
}

const complete = {
  email: 'new@example.com',
  phone: '555-0100',
  code: '123456',
  'first-name': 'Ada',
  'last-name': 'Lovelace',
  company: 'Engines Ltd',
  password: 'Secret#123',
  'confirm-password': 'Secret#123',
};

/** The calls a form action made (the page asks whether registration is open when it opens). */
const sent = (calls: StubbedCall[]) => calls.filter((call) => call.url !== urlOf(configContracts.registrationMode));

describe('registration form', () => {
  it('requires email, phone, company, names and password, and matching passwords', async () => {
    const { calls } = stubFetch({});
    renderApp('/registerForm');
    await screen.findByTestId('register-submit');
    fill({ password: 'Secret#123', 'confirm-password': 'Other#123' });
    fireEvent.click(screen.getByTestId('register-submit'));
    for (const text of [
      'Email cannot be empty',
      'Phone cannot be empty',
      'Company name cannot be empty',
      'First name cannot be empty',
      'Last name cannot be empty',
      'Passwords do not match',
    ]) {
      expect(await screen.findByText(text)).toBeTruthy();
    }
    expect(sent(calls)).toEqual([]);
  });

  it('wants 8-16 characters of password', async () => {
    stubFetch({});
    renderApp('/registerForm');
    await screen.findByTestId('register-submit');
    fill({ password: 'short' });
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('Password must be 8-16 characters')).toBeTruthy();
  });

  it('names every field by its label, the verification code included', async () => {
    renderApp('/registerForm');
    await screen.findByTestId('register-send-code');
    expect(screen.getByLabelText('Verification code')).toBe(screen.getByTestId('register-code'));
    expect(screen.getByLabelText('Email')).toBe(screen.getByTestId('register-email'));
  });

  it('sends the code to a valid email and counts down 60 seconds', async () => {
    const { calls } = stubFetch({ [on(usersContracts.sendRegisterCode)]: envelope(200, null) });
    renderApp('/registerForm');
    await screen.findByTestId('register-send-code');
    fireEvent.click(screen.getByTestId('register-send-code'));
    expect(await screen.findByText('Email cannot be empty')).toBeTruthy();
    expect(sent(calls)).toEqual([]);
    fill({ email: 'new@example.com' });
    fireEvent.click(screen.getByTestId('register-send-code'));
    await screen.findByTestId('register-code-sent');
    expect(callsOf(calls, usersContracts.sendRegisterCode)[0]?.body).toEqual({ email: 'new@example.com' });
    await waitFor(() => expect(screen.getByTestId('register-send-code').textContent).toMatch(/Resend in (60|59) s/));
    expect((screen.getByTestId('register-send-code') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows the server field errors on the form fields', async () => {
    stubFetch({
      [on(usersContracts.register)]: envelope(400, {
        fields: { email: 'This email is already registered', code: 'The verification code is wrong or has expired' },
      }),
    });
    renderApp('/registerForm');
    await screen.findByTestId('register-submit');
    fill(complete);
    fireEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('This email is already registered')).toBeTruthy();
    expect(await screen.findByText('The verification code is wrong or has expired')).toBeTruthy();
    // Said once, on the fields: no second, generic error message on top.
    expect(screen.queryByTestId('message-error')).toBeNull();
  });

  it('registers and says to contact the administrator, then goes back to login', async () => {
    const { calls } = stubFetch({ [on(usersContracts.register)]: envelope(200, null) });
    const { router } = renderApp('/registerForm');
    await screen.findByTestId('register-submit');
    fill({ ...complete, nickname: 'ada', wechat: 'ada_w', 'invitation-code': 'INV1' });
    fireEvent.click(screen.getByTestId('register-submit'));
    const success = await screen.findByTestId('register-success');
    expect(success.textContent).toContain('contact the administrator');
    expect(callsOf(calls, usersContracts.register)[0]?.body).toEqual({
      email: 'new@example.com',
      phone: '555-0100',
      code: '123456',
      firstName: 'Ada',
      lastName: 'Lovelace',
      company: 'Engines Ltd',
      nickName: 'ada',
      wechat: 'ada_w',
      invitationCode: 'INV1',
      password: 'Secret#123',
      confirmPassword: 'Secret#123',
    });
    fireEvent.click(screen.getByTestId('register-back-login'));
    await waitFor(() => expect(pathOf(router)).toBe('/login'));
  });

  it('says when registration is closed, and sends nothing', async () => {
    const { calls } = stubFetch({ [on(configContracts.registrationMode)]: envelope(200, { mode: 'closed' }) });
    renderApp('/registerForm');
    expect((await screen.findByTestId('register-mode')).textContent).toBe('Registration is closed at the moment.');
    expect((screen.getByTestId('register-submit') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByTestId('register-send-code') as HTMLButtonElement).disabled).toBe(true);
    expect(sent(calls)).toEqual([]);
  });

  it('wants an invitation code while registration takes invitations only', async () => {
    const { calls } = stubFetch({
      [on(configContracts.registrationMode)]: envelope(200, { mode: 'invitation' }),
      [on(usersContracts.register)]: envelope(200, null),
    });
    renderApp('/registerForm');
    expect((await screen.findByTestId('register-mode')).textContent).toBe(
      "Registration takes a seller's invitation code at the moment.",
    );
    fill(complete);
    fireEvent.click(screen.getByTestId('register-submit'));
    await waitFor(() =>
      expect(
        screen
          .getByTestId('register-invitation-code')
          .closest('.ant-form-item')
          ?.querySelector('.ant-form-item-explain-error')?.textContent,
      ).toBe("Registration takes a seller's invitation code at the moment."),
    );
    expect(callsOf(calls, usersContracts.register)).toHaveLength(0);
    fill({ 'invitation-code': 'SELLER1' });
    fireEvent.click(screen.getByTestId('register-submit'));
    await screen.findByTestId('register-success');
    expect(callsOf(calls, usersContracts.register)[0]?.body).toMatchObject({ invitationCode: 'SELLER1' });
  });
});
