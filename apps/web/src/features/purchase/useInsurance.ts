import { Form, type FormInstance } from 'antd';
import { useEffect } from 'react';
import { insuranceOf } from './insurance';
import type { OrderFormValues } from './orderForm';
import type { ParcelFormValue } from './ParcelEditor';

/**
 * The insurance of the parcels being entered; above 1,000 declared a signature is required, so the form's
 * signature option moves off 'none' (see insurance.ts).
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
