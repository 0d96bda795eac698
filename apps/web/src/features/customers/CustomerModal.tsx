import { CERTIFICATIONS, hasAnyCode, MEMBER_TYPES } from '@parcelport/shared';
import * as customersContracts from '@parcelport/shared/contracts/customers/index';
import { customerRegisterBody, customerUpdateBody } from '@parcelport/shared/contracts/customers/schemas';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { ownsEveryAccount, userCodes, useSessionStore } from '../../stores/session';
import { schemaRule } from '../../utils/schemaRule';
import { AccountFields, AccountModal, PROFILE_FIELDS, profileOf, useFillAccountForm } from './AccountFields';

interface CustomerValues {
  email?: string;
  password?: string;
  firstName: string;
  lastName: string;
  nickName?: string;
  company: string;
  phone: string;
  wechat?: string;
  memberType: number;
  certification: number;
  creditLimit?: string;
  ownerId?: number | null;
  active?: boolean;
}

const FIELDS = [
  'email',
  'password',
  ...PROFILE_FIELDS,
  'memberType',
  'certification',
  'creditLimit',
  'ownerId',
] as const;

/** The sellers and proxies a customer may belong to, for platform-wide staff. */
function useOwnerOptions(enabled: boolean, withProxies: boolean) {
  const sellers = useQuery({
    queryKey: ['sellers', 'all'],
    queryFn: () => call(customersContracts.allSellers, {}),
    enabled,
  });
  const proxies = useQuery({
    queryKey: ['proxies', 'owners'],
    queryFn: () => call(customersContracts.listProxies, { query: { page: 1, pageSize: 200 } }),
    enabled: enabled && withProxies,
  });
  return [
    ...(sellers.data ?? []).map((seller) => ({ id: seller.id, username: seller.username, kind: 'seller' })),
    ...(proxies.data?.list ?? []).map((proxy) => ({ id: proxy.id, username: proxy.username, kind: 'proxy' })),
  ];
}

/**
 * A customer made or changed by staff (POST /admin/register, /admin/update/{id}): the profile, member type,
 * certification; the USD credit limit for holders of adminRechargeList; the owner (seller or proxy) for
 * platform-wide staff. `customerId` null makes a new one.
 */
export function CustomerModal({
  open,
  customerId,
  onClose,
  onSaved,
}: {
  open: boolean;
  customerId: number | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CustomerValues>();
  const userInfo = useSessionStore((state) => state.userInfo);
  const codes = userCodes(userInfo);
  const canLend = hasAnyCode(['adminRechargeList'], codes);
  const canMove = ownsEveryAccount(userInfo);
  const owners = useOwnerOptions(open && canMove, hasAnyCode(['proxyUser'], codes));
  const creating = customerId === null;
  useFillAccountForm(form, 'admin', customerId, open, (user) => ({
    memberType: user.memberType,
    certification: user.certification,
    creditLimit: user.wallets.find((wallet) => wallet.currency === 'USD')?.creditLimit,
    ownerId: user.ownerId,
  }));

  const save = async (values: CustomerValues) => {
    const common = {
      ...profileOf(values),
      memberType: values.memberType,
      certification: values.certification,
      ...(canLend && values.creditLimit !== undefined && values.creditLimit !== ''
        ? { creditLimit: values.creditLimit }
        : {}),
      ...(canMove ? { ownerId: values.ownerId ?? null } : {}),
    };
    if (creating) {
      await call(customersContracts.registerCustomer, {
        body: {
          ...common,
          email: values.email ?? '',
          password: values.password ?? '',
          active: values.active ?? true,
        },
      });
      message.success(t('customers.created'));
    } else {
      await call(customersContracts.updateCustomer, { params: { id: customerId }, body: common });
      message.success(t('customers.saved'));
    }
  };

  return (
    <AccountModal<CustomerValues>
      open={open}
      title={t(creating ? 'customers.newTitle' : 'customers.editTitle')}
      testId="customer"
      form={form}
      fields={FIELDS}
      save={save}
      onClose={onClose}
      onSaved={onSaved}
      initialValues={{ memberType: -1, certification: 0, active: true }}
    >
      <AccountFields
        prefix="customer"
        creating={creating}
        shape={creating ? customerRegisterBody.shape : customerUpdateBody.shape}
        required={['firstName', 'lastName', 'company', 'phone']}
      />
      <Form.Item name="memberType" label={t('field.memberType')}>
        <Select
          data-testid="customer-memberType"
          options={MEMBER_TYPES.map((value) => ({ value, label: t(`customers.memberType.${value}`) }))}
        />
      </Form.Item>
      <Form.Item name="certification" label={t('field.certification')}>
        <Select
          data-testid="customer-certification"
          options={CERTIFICATIONS.map((value) => ({ value, label: t(`customers.certification.${value}`) }))}
        />
      </Form.Item>
      {canLend && (
        <Form.Item
          name="creditLimit"
          label={t('field.creditLimitUsd')}
          rules={[schemaRule(customerUpdateBody.shape.creditLimit)]}
        >
          <Input prefix="$" data-testid="customer-creditLimit" />
        </Form.Item>
      )}
      {canMove && (
        <Form.Item name="ownerId" label={t('field.owner')} extra={t('customers.ownerHelp')}>
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder={t('customers.noOwner')}
            data-testid="customer-owner"
            options={owners.map((owner) => ({
              value: owner.id,
              label: `${owner.username} (${t(`role.${owner.kind}`)})`,
            }))}
          />
        </Form.Item>
      )}
      {creating && (
        <Form.Item name="active" label={t('customers.activeNow')} valuePropName="checked">
          <Switch data-testid="customer-active" />
        </Form.Item>
      )}
    </AccountModal>
  );
}
