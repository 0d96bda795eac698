import { ORDER_STATUS } from '@parcelport/shared';
import type { AnswerOf } from '@parcelport/shared/contracts/contract';
import * as ordersContracts from '@parcelport/shared/contracts/orders/index';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, type FormInstance } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api/call';
import {
  type AddressValue,
  type DraftPayload,
  estimateRates,
  type OrderListItem,
  type QuoteLine,
} from '../../api/orders';
import { ApiError } from '../../api/request';
import { NEW_ORDER_PATH } from '../../utils/orderPaths';
import { scrollBehavior } from '../../utils/reducedMotion';
import { emptyAddress, partyOf, useDefaultSender } from '../address-book';
import { insuranceOf } from './insurance';
import { useLabelDefaults } from './labelDefaults';
import { fromDetail, initialOrderValues, type OrderFormValues, toPayload } from './orderForm';

const EDITABLE: number[] = [ORDER_STATUS.draft, ORDER_STATUS.failed];

export interface SavedOrder {
  orderId: number;
  orderNo: string;
  status: number;
  /** Its items (from a store, an import or the API): the form does not edit them, a save keeps them. */
  items?: DraftPayload['items'];
}

/**
 * The order form's life: the order it edits (?orderId=, loaded into the form), a blank order starting from the
 * default sender and the label defaults, saving the draft, comparing rates (stale once the form changes), the purchase, starting over.
 */
export function useOrderDraft(form: FormInstance<OrderFormValues>) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const paramId = Number(searchParams.get('orderId')) || null;
  const [saved, setSaved] = useState<SavedOrder | null>(null);
  const [quotes, setQuotes] = useState<QuoteLine[] | null>(null);
  const [stale, setStale] = useState(false);
  const [purchased, setPurchased] = useState<OrderListItem | null>(null);
  const ratesRef = useRef<HTMLDivElement>(null);
  const defaultSender = useDefaultSender();
  const label = useLabelDefaults();
  const initialValues = () => initialOrderValues(label.defaults);

  const needsLoad = paramId !== null && saved?.orderId !== paramId;
  const existing = useQuery({
    queryKey: ['orders', 'detail', paramId],
    queryFn: () => call(ordersContracts.getOrder.app, { params: { id: paramId as number } }),
    enabled: needsLoad,
  });

  /** The form shows `values` of `order` (null: a new order); rates and a purchase shown before go. */
  const show = useCallback(
    (values: OrderFormValues, order: SavedOrder | null) => {
      form.setFieldsValue(values);
      setSaved(order);
      setQuotes(null);
      setPurchased(null);
    },
    [form],
  );

  useEffect(() => {
    if (!needsLoad || !existing.data) return;
    const { id, orderNo, status, items } = existing.data;
    show(fromDetail(existing.data), { orderId: id, orderNo, status, items });
  }, [needsLoad, existing.data, show]);

  // Leaving ?orderId= (the menu's "new order") starts an empty order.
  const previousParam = useRef(paramId);
  useEffect(() => {
    const previous = previousParam.current;
    previousParam.current = paramId;
    if (previous === null || paramId !== null) return;
    show(initialOrderValues(label.defaults), null);
  }, [paramId, show, label.defaults]);

  // A new blank order starts from the default sender (an order being edited or a copy keeps its own).
  useEffect(() => {
    if (paramId !== null || saved || !defaultSender) return;
    const from = (form.getFieldValue('from') ?? {}) as Partial<AddressValue>;
    const blank = Object.entries(emptyAddress()).every(([field, empty]) => {
      const value = from[field as keyof AddressValue];
      return value === undefined || value === empty || (typeof empty === 'string' && value === '');
    });
    if (blank) form.setFieldsValue({ from: partyOf(defaultSender) });
  }, [paramId, saved, defaultSender, form]);

  /** The order changed (a field, or a pick from the address book or a template): rates shown are stale. */
  const changed = () => {
    if (quotes) setStale(true);
  };

  const editable = saved === null || EDITABLE.includes(saved.status);

  /**
   * Saves the form as a draft; null when it cannot be. A draft keeps what it has (only what is given is
   * checked, by the server, its refusals shown on their fields); `whole` first asks the form to be complete
   * (to compare rates).
   */
  const persist = async (whole: boolean): Promise<SavedOrder | null> => {
    let values: OrderFormValues;
    if (whole) {
      try {
        values = await form.validateFields();
      } catch {
        void message.error(t('newOrder.fixErrors'));
        return null;
      }
    } else {
      // A draft keeps what it has: an empty field may stay empty, but what is given must be right.
      values = form.getFieldsValue(true) as OrderFormValues;
      const problems = await form.validateFields().then(
        () => [],
        (error: { errorFields?: { name: (string | number)[] }[] }) => error.errorFields ?? [],
      );
      const isEmpty = (value: unknown) =>
        value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
      const empty = problems.filter(({ name }) => isEmpty(form.getFieldValue(name)));
      if (empty.length < problems.length) {
        void message.error(t('newOrder.fixErrors'));
        return null;
      }
      form.setFields(empty.map(({ name }) => ({ name, errors: [] })));
    }
    const check = insuranceOf(values.parcels.map((parcel) => parcel.insuredValue));
    if (!check.ok) {
      void message.error(
        t(check.error === 'overShipmentLimit' ? 'parcel.overShipmentLimit' : 'parcel.overPackageLimit'),
      );
      return null;
    }
    let answer: AnswerOf<typeof ordersContracts.saveDraft>;
    try {
      answer = await call(ordersContracts.saveDraft, { body: toPayload(values, saved?.orderId ?? null, saved?.items) });
    } catch (error) {
      if (error instanceof ApiError) showFieldErrors(form, error.fields);
      throw error;
    }
    const next = {
      orderId: answer.orderId,
      orderNo: answer.orderNo,
      status: ORDER_STATUS.draft as number,
      items: saved?.items,
    };
    setSaved(next);
    if (paramId !== answer.orderId) setSearchParams({ orderId: String(answer.orderId) }, { replace: true });
    void queryClient.invalidateQueries({ queryKey: ['orders', 'list'] });
    return next;
  };

  const save = useMutation({
    mutationFn: () => persist(false),
    onSuccess: (order) => {
      if (order) {
        void message.success({
          content: <span data-testid="draft-saved">{t('newOrder.draftSaved', { orderNo: order.orderNo })}</span>,
        });
      }
    },
  });

  const compare = useMutation({
    mutationFn: async () => {
      const order = await persist(true);
      if (!order) return null;
      return estimateRates({ orderId: order.orderId });
    },
    onSuccess: (lines) => {
      if (!lines) return;
      setQuotes(lines);
      setStale(false);
      // Bring the rates into view under the long form.
      setTimeout(() => ratesRef.current?.scrollIntoView?.({ behavior: scrollBehavior(), block: 'start' }), 50);
    },
  });

  const bought = (order: OrderListItem) => {
    setPurchased(order);
    setSaved({ orderId: order.id, orderNo: order.orderNo, status: order.status });
  };

  const startOver = () => {
    show(initialValues(), null);
    if (paramId !== null) navigate(NEW_ORDER_PATH, { replace: true });
  };

  return {
    saved,
    editable,
    /** What a new order starts with (the form waits for the label defaults before it is drawn). */
    initialValues,
    loading: (needsLoad && existing.isPending) || label.loading,
    quotes,
    stale,
    ratesRef,
    purchased,
    changed,
    save,
    compare,
    bought,
    startOver,
  };
}

/** A 400's fields (`to.zipCode`, `parcels.0.length`) on the form's own fields. */
function showFieldErrors(form: FormInstance, fields: Record<string, string>) {
  form.setFields(
    Object.entries(fields).map(([key, error]) => ({
      name: key.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [error],
    })),
  );
}
