import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { insuranceOf } from '../../../components/insurance';
import type { ParcelFormValue } from '../../../components/ParcelEditor';
import type { OrderFormValues } from './orderForm';

/**
 * The insurance of the parcels being entered; above 1,000 declared a signature is required, so the form's
 * signature option moves off 'none' (see components/insurance).
 */
export function useInsurance(form: FormInstance<OrderFormValues>) {
  const parcels = Form.useWatch('parcels', form) as Partial<ParcelFormValue>[] | undefined;
  const insurance = insuranceOf((parcels ?? []).map((parcel) => parcel?.insuredValue));
  const signature = Form.useWatch(['extra', 'signatureOption'], form) as string | undefined;

  useEffect(() => {
    if (insurance.signatureRequired && (signature ?? 'none') === 'none') {
      form.setFieldValue(['extra', 'signatureOption'], 'signature');
    }
  }, [insurance.signatureRequired, signature, form]);

  return insurance;
}
