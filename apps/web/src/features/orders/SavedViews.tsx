import * as savedViewsContracts from '@parcelport/shared/contracts/saved-views/index';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  App,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api/call';
import { SAVED_VIEWS_KEY, type SavedView, type SavedViewState } from '../../api/savedViews';
import { applyServerFieldErrors } from '../../components/serverErrors';

/** The views the person manages: rename, share or not, delete their own; a teammate's shared one is read only. */
function ManageViews({ views, onClose }: { views: SavedView[]; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: [SAVED_VIEWS_KEY] });
  const change = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await refresh();
    } catch {
      // The request client has said why.
    }
  };
  const columns: TableColumnsType<SavedView> = [
    {
      title: t('savedViews.name'),
      dataIndex: 'name',
      key: 'name',
      render: (name: string, view) =>
        view.mine ? (
          <Typography.Text
            editable={{
              onChange: (next) => {
                const trimmed = next.trim();
                if (trimmed && trimmed !== name)
                  void change(() =>
                    call(savedViewsContracts.updateOrderView, { params: { id: view.id }, body: { name: trimmed } }),
                  );
              },
              maxLength: 60,
              tooltip: t('savedViews.rename'),
            }}
            data-testid={`view-name-${view.id}`}
          >
            {name}
          </Typography.Text>
        ) : (
          <span data-testid={`view-name-${view.id}`}>{name}</span>
        ),
    },
    {
      title: t('savedViews.shared'),
      dataIndex: 'shared',
      key: 'shared',
      render: (shared: boolean, view) =>
        view.mine ? (
          <Switch
            size="small"
            checked={shared}
            onChange={(next) =>
              void change(() =>
                call(savedViewsContracts.updateOrderView, { params: { id: view.id }, body: { shared: next } }),
              )
            }
            data-testid={`view-shared-${view.id}`}
          />
        ) : (
          <Tag>{t('savedViews.fromTeam')}</Tag>
        ),
    },
    {
      title: t('common.actions'),
      key: 'actions',
      render: (_, view) =>
        view.mine ? (
          <Popconfirm
            title={t('savedViews.deleteConfirm', { name: view.name })}
            onConfirm={() => change(() => call(savedViewsContracts.deleteOrderView, { params: { id: view.id } }))}
            okButtonProps={{ danger: true, 'data-testid': 'popconfirm-ok' }}
          >
            <Button size="small" danger data-testid={`view-delete-${view.id}`}>
              {t('savedViews.delete')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <Modal open title={t('savedViews.manage')} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<SavedView>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={views}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="views-table"
      />
    </Modal>
  );
}

/** Saves the list as it is now under a name, for the person alone or shared with the team. */
function SaveView({ current, onClose }: { current: () => SavedViewState; onClose: (saved?: SavedView) => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; shared: boolean }>();
  const [saving, setSaving] = useState(false);
  const save = async (values: { name: string; shared: boolean }) => {
    setSaving(true);
    try {
      onClose(
        await call(savedViewsContracts.saveOrderView, {
          body: { name: values.name, shared: values.shared, state: current() },
        }),
      );
    } catch (error) {
      applyServerFieldErrors(form, error, ['name']);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open
      title={t('savedViews.save')}
      okText={t('common.save')}
      onOk={() => form.submit()}
      onCancel={() => onClose()}
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'view-save-confirm' }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('savedViews.saveExplain')}</Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ name: '', shared: false }} onFinish={(v) => void save(v)}>
        <Form.Item
          name="name"
          label={t('savedViews.name')}
          rules={[{ required: true, whitespace: true, message: t('savedViews.nameRequired') }]}
        >
          <Input maxLength={60} autoComplete="off" data-testid="view-name" />
        </Form.Item>
        <Form.Item name="shared" valuePropName="checked">
          <Checkbox data-testid="view-shared">{t('savedViews.shareWithTeam')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/**
 * The order list's saved views (issue 30): pick one to restore its filters and columns, save the list as it
 * is now, and manage one's own. A teammate's shared views are offered too, marked as the team's.
 */
export function SavedViews({
  current,
  onApply,
}: {
  /** The list's state now, as a view keeps it. */
  current: () => SavedViewState;
  onApply: (state: SavedViewState) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const views = useQuery({ queryKey: [SAVED_VIEWS_KEY], queryFn: () => call(savedViewsContracts.listOrderViews, {}) });
  const [picked, setPicked] = useState<number | null>(null);
  const [dialog, setDialog] = useState<'save' | 'manage' | null>(null);
  const list = views.data ?? [];
  return (
    <Space wrap size={8}>
      <Select<number>
        allowClear
        style={{ minWidth: 180 }}
        placeholder={t('savedViews.pick')}
        aria-label={t('savedViews.pick')}
        value={list.some((view) => view.id === picked) ? picked : null}
        options={list.map((view) => ({
          value: view.id,
          label: view.mine ? view.name : `${view.name} · ${t('savedViews.fromTeam')}`,
        }))}
        // On every pick, the one shown too: the list may have been filtered or sorted since it was applied.
        onSelect={(id) => {
          setPicked(id);
          const view = list.find((item) => item.id === id);
          if (view) onApply(view.state);
        }}
        onClear={() => setPicked(null)}
        data-testid="orders-view"
      />
      <Button onClick={() => setDialog('save')} data-testid="orders-view-save">
        {t('savedViews.save')}
      </Button>
      {list.length > 0 && (
        <Button onClick={() => setDialog('manage')} data-testid="orders-view-manage">
          {t('savedViews.manage')}
        </Button>
      )}
      {dialog === 'save' && (
        <SaveView
          current={current}
          onClose={(saved) => {
            setDialog(null);
            if (!saved) return;
            setPicked(saved.id);
            message.success(<span data-testid="view-saved">{t('savedViews.saved', { name: saved.name })}</span>);
            void queryClient.invalidateQueries({ queryKey: [SAVED_VIEWS_KEY] });
          }}
        />
      )}
      {dialog === 'manage' && <ManageViews views={list} onClose={() => setDialog(null)} />}
    </Space>
  );
}
