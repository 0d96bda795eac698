import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { detailPath } from '../../utils/orderPaths';
import type { SavedOrder } from './useOrderDraft';

/** Which saved order the form edits, or why it can no longer be edited (with a way to its detail). */
export function EditingAlert({ saved, editable }: { saved: SavedOrder; editable: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Alert
      type={editable ? 'info' : 'warning'}
      showIcon
      data-testid="editing-order"
      title={
        editable
          ? t('newOrder.editing', { orderNo: saved.orderNo })
          : t('newOrder.notEditable', { orderNo: saved.orderNo, status: t(`orderStatus.${saved.status}`) })
      }
      action={
        !editable && (
          <Button size="small" disabled={false} onClick={() => navigate(detailPath(saved.orderId))}>
            {t('orderAction.detail')}
          </Button>
        )
      }
    />
  );
}
