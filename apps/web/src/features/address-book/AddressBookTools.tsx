import { BookOutlined, SaveOutlined } from '@ant-design/icons';
import * as addressBookContracts from '@parcelport/shared/contracts/address-book/index';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Checkbox, Form, Input, Modal, Select, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_BOOK_KEY, type AddressEntry, type AddressEntryInput, listAddresses } from '../../api/addressBook';
import { call } from '../../api/call';
import type { AddressValue } from '../../api/orders';
import { ApiError } from '../../api/request';
import { applyServerFieldErrors } from '../../components/serverErrors';
import { usePickList, usePickPage } from '../../components/usePickList';
import { validatedValues } from '../../components/validatedValues';
import { ADDRESS_BOOK_REQUIRED, ADDRESS_FIELDS, type AddressField, REQUIRED_MESSAGES } from './AddressForm';
import { formatAddress, partyOf, sameParty } from './addressBookValues';

type Party = 'from' | 'to';

/** The user's default sender (the address book lists it first), once known; null when there is none. */
export function useDefaultSender(): AddressEntry | null | undefined {
  const page = usePickPage(ADDRESS_BOOK_KEY, listAddresses);
  if (!page.data) return page.isError ? null : undefined;
  return page.data.list.find((entry) => entry.isDefaultSender) ?? null;
}

/** Asks for a title and saves an order party to the address book (POST /api/app/user/address). */
function SaveToBookModal({ party, open, onClose }: { party: Party; open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const orderForm = Form.useFormInstance();
  const [form] = Form.useForm<{ title: string; isDefaultSender: boolean }>();
  const [saving, setSaving] = useState(false);

  // Each time it opens: the company or the name as the suggested title.
  useEffect(() => {
    if (!open) return;
    const address = (orderForm.getFieldValue(party) ?? {}) as Partial<AddressValue>;
    form.resetFields();
    form.setFieldsValue({ title: (address.company || address.personName || '').trim(), isDefaultSender: false });
  }, [open, party, orderForm, form]);

  const save = async () => {
    const values = await validatedValues(form);
    if (!values) return;
    const address = orderForm.getFieldValue(party) as AddressValue;
    setSaving(true);
    try {
      const entry = await call(addressBookContracts.createAddress, {
        body: {
          ...Object.fromEntries(
            ADDRESS_FIELDS.map((field) => {
              const value = address[field];
              return [field, typeof value === 'string' ? value.trim() : Boolean(value)];
            }),
          ),
          title: values.title.trim(),
          isDefaultSender: party === 'from' && Boolean(values.isDefaultSender),
        } as AddressEntryInput,
      });
      message.success(
        <span data-testid={`${party}-book-saved`}>{t('addressBook.party.saved', { title: entry.title })}</span>,
      );
      void queryClient.invalidateQueries({ queryKey: [ADDRESS_BOOK_KEY] });
      onClose();
    } catch (error) {
      applyServerFieldErrors(form, error, ['title']);
      // The address itself refused (a field the order does not require): shown on the order's field.
      const fields = error instanceof ApiError ? error.fields : {};
      const refused = ADDRESS_FIELDS.filter((field) => fields[field]);
      if (refused.length > 0) {
        orderForm.setFields(refused.map((field) => ({ name: [party, field], errors: [fields[field] ?? ''] })));
        onClose();
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t(party === 'from' ? 'addressBook.party.saveSender' : 'addressBook.party.saveRecipient')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => void save()}
      onCancel={onClose}
      okButtonProps={{ 'data-testid': `${party}-book-save-ok` }}
      width={420}
    >
      <Form
        form={form}
        name={`${party}-book`}
        layout="vertical"
        data-testid={`${party}-book-save-form`}
        disabled={false}
      >
        <Form.Item
          name="title"
          label={t('addressBook.title')}
          extra={t('addressBook.titleHint')}
          rules={[{ required: true, whitespace: true, message: t('addressBook.titleRequired') }]}
        >
          <Input maxLength={60} autoComplete="off" data-testid={`${party}-book-title`} />
        </Form.Item>
        {party === 'from' && (
          <Form.Item name="isDefaultSender" valuePropName="checked" style={{ marginBottom: 0 }}>
            <Checkbox data-testid="from-book-default">{t('addressBook.party.makeDefault')}</Checkbox>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}

/**
 * The address book beside an order party: a searchable pick that fills the party's fields (and names the
 * entry the party holds), and "save to address book" for an address typed in.
 */
export function AddressBookTools({ party, onApplied }: { party: Party; onApplied?: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const current = Form.useWatch(party, form) as Partial<AddressValue> | undefined;
  const book = usePickList(ADDRESS_BOOK_KEY, listAddresses);
  const [saving, setSaving] = useState(false);
  const matched = [...book.all, ...book.found].find((entry) => sameParty(entry, current));

  const apply = (id: number) => {
    const entry = [...book.found, ...book.all].find((item) => item.id === id);
    if (!entry) return;
    const values = partyOf(entry);
    form.setFields(ADDRESS_FIELDS.map((field) => ({ name: [party, field], value: values[field], errors: [] })));
    onApplied?.();
  };

  const openSave = () => {
    const address = (form.getFieldValue(party) ?? {}) as Partial<AddressValue>;
    const missing = ADDRESS_BOOK_REQUIRED.filter((field) => !String(address[field] ?? '').trim());
    if (missing.length > 0) {
      form.setFields(
        missing.map((field: AddressField) => ({ name: [party, field], errors: [t(REQUIRED_MESSAGES[field] ?? '')] })),
      );
      void message.warning({
        content: <span data-testid={`${party}-book-incomplete`}>{t('addressBook.party.incomplete')}</span>,
      });
      return;
    }
    setSaving(true);
  };

  return (
    <Space size={8} wrap>
      <Select<{ value: number; label: string }>
        labelInValue
        showSearch={{ filterOption: false, onSearch: book.setKeyword }}
        value={matched ? { value: matched.id, label: matched.title } : undefined}
        onChange={(option) => apply(option.value)}
        placeholder={
          <span>
            <BookOutlined /> {t('addressBook.party.pick')}
          </span>
        }
        aria-label={t('addressBook.party.pick')}
        style={{ width: 220 }}
        popupMatchSelectWidth={360}
        notFoundContent={
          book.loading ? (
            <Spin size="small" />
          ) : (
            <Typography.Text type="secondary" data-testid={`${party}-book-empty`}>
              {t(book.failed ? 'addressBook.party.failed' : 'addressBook.party.none')}
            </Typography.Text>
          )
        }
        options={book.found.map((entry) => ({ value: entry.id, label: entry.title, entry }))}
        optionRender={(option) => {
          const entry = option.data.entry as AddressEntry;
          return (
            <div data-testid={`${party}-book-option-${entry.id}`}>
              <Typography.Text strong>{entry.title}</Typography.Text>
              {entry.isDefaultSender && (
                <Typography.Text type="secondary"> · {t('addressBook.defaultSenderTag')}</Typography.Text>
              )}
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {entry.personName}
                  {entry.company ? ` (${entry.company})` : ''} · {formatAddress(entry)}
                </Typography.Text>
              </div>
            </div>
          );
        }}
        data-testid={`${party}-book-pick`}
      />
      <Button icon={<SaveOutlined />} onClick={openSave} data-testid={`${party}-book-save`}>
        {t('addressBook.party.save')}
      </Button>
      <SaveToBookModal party={party} open={saving} onClose={() => setSaving(false)} />
    </Space>
  );
}
