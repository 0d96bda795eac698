import { StarOutlined } from '@ant-design/icons';
import * as addressBookContracts from '@parcelport/shared/contracts/address-book/index';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Col, Form, Input, Row, Space, Switch, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ADDRESS_BOOK_KEY, type AddressEntry, type AddressEntryInput, listAddresses } from '../../api/addressBook';
import { call } from '../../api/call';
import { AddressStatusTag } from '../../components/AddressStatusTag';
import { type RecordEditorProps, RecordList } from '../../components/RecordList';
import { RecordModal } from '../../components/RecordModal';
import { NO_VALUE } from '../../utils/shown';
import { AddressCorrectionSetting } from './AddressCorrectionSetting';
import { ADDRESS_BOOK_REQUIRED, ADDRESS_FIELDS, AddressForm, emptyAddress } from './AddressForm';
import { entryToInput, formatAddress } from './addressBookValues';

type EntryValues = Omit<AddressEntryInput, 'isDefaultSender' | 'isResidential'> & {
  isDefaultSender: boolean;
  isResidential: boolean;
};

const trimmedInput = (values: EntryValues): AddressEntryInput =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, typeof value === 'string' ? value.trim() : value]),
  ) as unknown as AddressEntryInput;

/** `?new=sender`: the page opens on a new entry meant as the default sender (the first-run checklist's step). */
const NEW_SENDER = 'sender';

function AddressEditor({ open, record, onClose, onSaved }: RecordEditorProps<AddressEntry>) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const asSender = search.get('new') === NEW_SENDER;
  return (
    <RecordModal<EntryValues>
      open={open}
      testId="address-entry"
      width={720}
      title={record ? t('addressBook.editTitle', { title: record.title }) : t('addressBook.addTitle')}
      initialValues={() =>
        record ? entryToInput(record) : { ...emptyAddress(), title: '', isDefaultSender: asSender }
      }
      fieldNames={['title', ...ADDRESS_FIELDS, 'isDefaultSender']}
      save={(values) =>
        record
          ? call(addressBookContracts.updateAddress, { params: { id: record.id }, body: trimmedInput(values) })
          : call(addressBookContracts.createAddress, { body: trimmedInput(values) })
      }
      savedText={record ? t('addressBook.saved') : t('addressBook.created')}
      onClose={onClose}
      onSaved={onSaved}
    >
      <Row gutter={12}>
        <Col xs={24} md={12}>
          <Form.Item
            name="title"
            label={t('addressBook.title')}
            tooltip={t('addressBook.titleHint')}
            rules={[{ required: true, whitespace: true, message: t('addressBook.titleRequired') }]}
          >
            <Input maxLength={60} autoComplete="off" data-testid="book-title" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="isDefaultSender"
            label={t('addressBook.defaultSender')}
            tooltip={t('addressBook.defaultSenderHint')}
            valuePropName="checked"
          >
            <Switch data-testid="book-default-sender" />
          </Form.Item>
        </Col>
      </Row>
      <AddressForm testIdPrefix="book" required={ADDRESS_BOOK_REQUIRED} />
    </RecordModal>
  );
}

/**
 * /settings/addressbook (docs/spec.md §2, §3 Address, §5): the merchant's saved senders and recipients, each with
 * the outcome of the server's address check; one of them may be the default sender of new orders.
 */
export default function AddressBook() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const makeDefault = useMutation({
    mutationFn: (entry: AddressEntry) =>
      call(addressBookContracts.updateAddress, {
        params: { id: entry.id },
        body: { ...entryToInput(entry), isDefaultSender: true },
      }),
    onSuccess: (entry) => {
      message.success(
        <span data-testid="address-default-set">{t('addressBook.defaultSet', { title: entry.title })}</span>,
      );
      void queryClient.invalidateQueries({ queryKey: [ADDRESS_BOOK_KEY] });
    },
  });

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <AddressCorrectionSetting />
      <RecordList<AddressEntry>
        testId="address-book"
        title={t('menu.settings.addressbook')}
        queryKey={ADDRESS_BOOK_KEY}
        list={listAddresses}
        remove={(ids: number[]) => call(addressBookContracts.deleteAddresses, { body: { ids } })}
        nameOf={(entry) => entry.title}
        scrollX={1100}
        texts={{
          keyword: t('addressBook.keyword'),
          add: t('addressBook.add'),
          confirmDelete: (title) => t('addressBook.confirmDelete', { title }),
          confirmDeleteSelected: (count) => t('addressBook.confirmDeleteSelected', { count }),
          deleted: (count) => t('addressBook.deleted', { count }),
        }}
        columns={[
          {
            title: t('addressBook.title'),
            dataIndex: 'title',
            width: 180,
            fixed: 'left',
            render: (title: string, entry) => (
              <Space size={4} wrap>
                <Typography.Text strong>{title}</Typography.Text>
                {entry.isDefaultSender && (
                  <Tag color="blue" icon={<StarOutlined />} data-testid="address-default-tag">
                    {t('addressBook.defaultSenderTag')}
                  </Tag>
                )}
              </Space>
            ),
          },
          { title: t('addressForm.personName'), dataIndex: 'personName', width: 120, ellipsis: true },
          {
            title: t('addressForm.company'),
            dataIndex: 'company',
            width: 130,
            ellipsis: true,
            render: (company: string) => company || NO_VALUE,
          },
          { title: t('addressForm.phone'), dataIndex: 'phone', width: 130 },
          {
            title: t('addressBook.fullAddress'),
            key: 'address',
            ellipsis: { showTitle: false },
            render: (_value, entry) => {
              const text = formatAddress(entry);
              return (
                <Tooltip title={text} placement="topLeft">
                  <span data-testid="address-full">{text}</span>
                </Tooltip>
              );
            },
          },
          {
            title: t('address.column'),
            key: 'isValid',
            width: 150,
            render: (_value, entry) => <AddressStatusTag status={entry.isValid} note={entry.validationNote} />,
          },
        ]}
        rowActions={(entry) =>
          entry.isDefaultSender ? null : (
            <Button
              type="link"
              size="small"
              loading={makeDefault.isPending && makeDefault.variables?.id === entry.id}
              onClick={() => makeDefault.mutate(entry)}
              data-testid="address-book-make-default"
            >
              {t('addressBook.makeDefault')}
            </Button>
          )
        }
        Editor={AddressEditor}
        openNew={search.get('new') === NEW_SENDER}
      />
    </Space>
  );
}
