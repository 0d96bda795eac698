import type { ProductBody } from '@parcelport/shared/contracts/products/index';
import { invalidFields } from '../../core/errors.ts';
import type { Db } from '../../db/index.ts';
import { templatesByIds } from '../address-book/index.ts';
import { saveProduct } from './repo.ts';

/** Saves a product once its default package template, if it names one, is the merchant's. */
export async function saveProductChecked(db: Db, userId: number, input: ProductBody, id?: number) {
  return db.transaction().execute(async (trx) => {
    if (input.templateId !== null && (await templatesByIds(trx, userId, [input.templateId])).size === 0)
      throw invalidFields({ templateId: 'templateNotFound' });
    return saveProduct(trx, userId, input, id);
  });
}
