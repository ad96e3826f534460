import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  PRODUCT_IMAGE_MAX_BYTES,
  PRODUCT_IMAGES_MAX,
  ZApiError,
  ZPictureQuery,
  ZBrandCreateBody,
  ZBrandPatchBody,
  ZCategoryCreateBody,
  ZCategoryPatchBody,
  ZIdQuery,
  ZInventoryBrand,
  ZInventoryCategory,
  ZInventoryProduct,
  ZInventoryTag,
  ZInventoryVendor,
  ZProductPage,
  ZProductPatchBody,
  ZInventoryQuery,
  ZStockMovementList,
  ZTagCreateBody,
  ZTagPatchBody,
  ZUuid,
  ZVendorCreateBody,
  ZVendorPatchBody,
} from '@cuadre/contracts';
import { z } from 'zod/mini';
import { readUploadFor } from '../../lib/uploads.js';
import { authOf, type Guards } from '../../plugins/auth.js';
import type { PictureAccess } from '../../plugins/pictures.js';
import type { InventoryService } from './inventory.service.js';

const errors = { 400: ZApiError, 401: ZApiError, 404: ZApiError };
const ZTrue = z.literal(true);
const BASE = '/api/apps/ecommerce/inventory';

/** The inventory's calls, word for word (spec 001 §7 "Inventory"), and the categories', brands' and vendors' writes it leaves to us. */
export function inventoryRoutes(app: FastifyInstance, inventory: InventoryService, guards: Guards, pictures: PictureAccess) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['inventory'];
  const opts = { onRequest: guards.requireUser };

  r.get(
    `${BASE}/products`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'A page of my products',
        description:
          'Search is a case-insensitive "contains" on the name. Sorting by sku, name or active compares text (upper-cased, byte order); by the others, numbers. ' +
          '`page` counts from 0 in the slicing (startIndex = page × size): the first page is `page=0`. ' +
          'Always send `page`: left out it is 1, as the specification says, so a call without it gets the SECOND page (`[]` for a shop of ten products or fewer). ' +
          'Beyond lastPage the answer is `products: null` with only `lastPage`.',
        querystring: ZInventoryQuery,
        response: { 200: ZProductPage, ...errors },
      },
    },
    (req) => inventory.products(authOf(req), req.query),
  );

  r.get(
    `${BASE}/product`,
    { ...opts, schema: { tags, summary: 'One of my products', querystring: ZIdQuery, response: { 200: ZInventoryProduct, ...errors } } },
    (req) => inventory.product(authOf(req), req.query.id),
  );
  r.post(
    `${BASE}/product`,
    { ...opts, schema: { tags, summary: 'Add a product named "A New Product", with empty fields, inactive', response: { 200: ZInventoryProduct, ...errors } } },
    (req) => inventory.createProduct(authOf(req)),
  );
  r.patch(
    `${BASE}/product`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Change a product: the fields given are merged',
        description:
          'Reserved can never be more than the stock. The price is the base price plus its tax, rounded half up to the cent; a price sent is replaced by it.',
        body: ZProductPatchBody,
        response: { 200: ZInventoryProduct, ...errors },
      },
    },
    (req) => inventory.updateProduct(authOf(req), req.body.id, req.body.product),
  );
  r.delete(`${BASE}/product`, { ...opts, schema: { tags, summary: 'Delete a product', querystring: ZIdQuery, response: { 200: ZTrue, ...errors } } }, (req) =>
    inventory.deleteProduct(authOf(req), req.query.id),
  );
  const imageMb = PRODUCT_IMAGE_MAX_BYTES / 1024 / 1024;
  r.post(
    `${BASE}/product/image`,
    {
      ...opts,
      bodyLimit: PRODUCT_IMAGE_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        summary: `Add an image to a product: multipart fields "id" then "image" (JPEG, PNG or WebP, up to ${imageMb} MB, at most ${PRODUCT_IMAGES_MAX} a product)`,
        description:
          'The type is read from the bytes. The image is kept in the file store and counts in the storage quota (413 STORAGE_FULL when full); ' +
          'its URL (under /images/{owner}/) joins `images` and becomes the `thumbnail` when there is none. ' +
          'To remove an image, PATCH the product without it (its bytes are deleted); to pick the thumbnail, PATCH `thumbnail` with one of the URLs.',
        consumes: ['multipart/form-data'],
        response: { 200: ZInventoryProduct, ...errors, 413: ZApiError, 415: ZApiError },
      },
    },
    async (req) => {
      const file = await readUploadFor(req, {
        field: 'image',
        maxBytes: PRODUCT_IMAGE_MAX_BYTES,
        tooLarge: `The image is larger than ${imageMb} MB`,
        missing: 'Attach an image',
        idMissing: 'Name the product (field "id" before the file)',
      });
      return inventory.addImage(authOf(req), file.id, file.data);
    },
  );
  // Its owner's only. An <img> sends no token: the address is signed for its viewer (plugins/pictures.ts), or a client sends its token.
  r.get(
    `${BASE}/images/:owner/:file`,
    {
      schema: {
        tags,
        summary: "A product's uploaded image",
        params: z.object({ owner: ZUuid, file: ZUuid }),
        querystring: ZPictureQuery,
        security: [],
        response: { 400: ZApiError, 404: ZApiError },
      },
    },
    async (req, reply) => {
      const viewer = await pictures.viewer(req, 'Image');
      const picture = await inventory.image(viewer.id, req.params.owner, req.params.file);
      // Bytes, not JSON: the schemas above type the error answers only.
      return pictures.send(reply, picture, viewer.cacheControl);
    },
  );

  r.get(
    `${BASE}/product/movements`,
    {
      ...opts,
      schema: {
        tags,
        summary: "A product's stock movements: the entries that named it, newest first",
        querystring: ZIdQuery,
        response: { 200: ZStockMovementList, ...errors },
      },
    },
    (req) => inventory.movements(authOf(req), req.query.id),
  );

  r.get(`${BASE}/tags`, { ...opts, schema: { tags, summary: 'My product tags', response: { 200: z.array(ZInventoryTag), ...errors } } }, (req) =>
    inventory.tags(authOf(req)),
  );
  r.post(`${BASE}/tag`, { ...opts, schema: { tags, summary: 'Add a product tag', body: ZTagCreateBody, response: { 200: ZInventoryTag, ...errors } } }, (req) =>
    inventory.createTag(authOf(req), req.body.tag.title),
  );
  r.patch(
    `${BASE}/tag`,
    { ...opts, schema: { tags, summary: 'Rename a product tag', body: ZTagPatchBody, response: { 200: ZInventoryTag, ...errors } } },
    (req) => inventory.updateTag(authOf(req), req.body.id, req.body.tag.title),
  );
  r.delete(
    `${BASE}/tag`,
    {
      ...opts,
      schema: { tags, summary: 'Delete a product tag; it is removed from every product', querystring: ZIdQuery, response: { 200: ZTrue, ...errors } },
    },
    (req) => inventory.deleteTag(authOf(req), req.query.id),
  );

  r.get(
    `${BASE}/categories`,
    { ...opts, schema: { tags, summary: 'My product categories', response: { 200: z.array(ZInventoryCategory), ...errors } } },
    (req) => inventory.categories(authOf(req)),
  );
  r.post(
    `${BASE}/category`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Add a product category (its slug from the name, -1, -2 ... if taken)',
        body: ZCategoryCreateBody,
        response: { 200: ZInventoryCategory, ...errors },
      },
    },
    (req) => inventory.createCategory(authOf(req), req.body.category),
  );
  r.patch(
    `${BASE}/category`,
    { ...opts, schema: { tags, summary: 'Rename or move a product category', body: ZCategoryPatchBody, response: { 200: ZInventoryCategory, ...errors } } },
    (req) => inventory.updateCategory(authOf(req), req.body.id, req.body.category),
  );
  r.delete(
    `${BASE}/category`,
    {
      ...opts,
      schema: {
        tags,
        summary: 'Delete a product category; its products keep no category, its children move up',
        querystring: ZIdQuery,
        response: { 200: ZTrue, ...errors },
      },
    },
    (req) => inventory.deleteCategory(authOf(req), req.query.id),
  );

  const named = [
    { kind: 'brands', one: 'brand', schema: ZInventoryBrand, create: ZBrandCreateBody, patch: ZBrandPatchBody },
    { kind: 'vendors', one: 'vendor', schema: ZInventoryVendor, create: ZVendorCreateBody, patch: ZVendorPatchBody },
  ] as const;
  for (const n of named) {
    r.get(`${BASE}/${n.kind}`, { ...opts, schema: { tags, summary: `My product ${n.kind}`, response: { 200: z.array(n.schema), ...errors } } }, (req) =>
      inventory.named(authOf(req), n.kind),
    );
    r.post(
      `${BASE}/${n.one}`,
      {
        ...opts,
        schema: {
          tags,
          summary: `Add a product ${n.one} (its slug from the name, -1, -2 ... if taken)`,
          body: n.create,
          response: { 200: n.schema, ...errors },
        },
      },
      (req) => inventory.createNamed(authOf(req), n.kind, (req.body as { brand?: { name: string }; vendor?: { name: string } })[n.one]!.name),
    );
    r.patch(
      `${BASE}/${n.one}`,
      { ...opts, schema: { tags, summary: `Rename a product ${n.one}`, body: n.patch, response: { 200: n.schema, ...errors } } },
      (req) => inventory.updateNamed(authOf(req), n.kind, req.body.id, (req.body as { brand?: { name: string }; vendor?: { name: string } })[n.one]!.name),
    );
    r.delete(
      `${BASE}/${n.one}`,
      { ...opts, schema: { tags, summary: `Delete a product ${n.one}; its products keep none`, querystring: ZIdQuery, response: { 200: ZTrue, ...errors } } },
      (req) => inventory.deleteNamed(authOf(req), n.kind, req.query.id),
    );
  }
}
