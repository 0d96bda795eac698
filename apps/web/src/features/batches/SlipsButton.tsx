import { DownOutlined, SnippetsOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Dropdown, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { downloadPackingSlips, type Selection, type SlipsChoice } from '../../api/volume';

/** What the menu offers: slips at a thermal printer's size or a sheet's, and the pick list (on a sheet). */
const CHOICES: Record<string, SlipsChoice> = {
  slips4x6: { kind: 'slips', size: '4x6' },
  slipsLetter: { kind: 'slips', size: 'letter' },
  pickList: { kind: 'pickList', size: 'letter' },
};

/**
 * Packing slips of the selection (drafts too: a box is often packed before its label), each in its recipient's
 * language, or their pick list, the items summed by SKU, in the reader's.
 */
export function SlipsButton({ selection, tip, suffix }: { selection: Selection; tip: string; suffix: string }) {
  const { t } = useTranslation();
  const slips = useMutation({ mutationFn: (choice: SlipsChoice) => downloadPackingSlips(selection, choice) });
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: Object.keys(CHOICES).map((key) => ({
          key,
          label: <span data-testid={`volume-slips-${key}`}>{t(`volume.slips.${key}`)}</span>,
        })),
        onClick: ({ key }) => slips.mutate(CHOICES[key] as SlipsChoice),
      }}
    >
      <Tooltip title={`${tip} · ${t('volume.slips.hint')}`}>
        <Button icon={<SnippetsOutlined />} loading={slips.isPending} data-testid="volume-slips">
          {t('volume.slips')}
          {suffix} <DownOutlined />
        </Button>
      </Tooltip>
    </Dropdown>
  );
}
