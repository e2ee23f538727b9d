/** The interface's default endpoint paths; every one can be overridden in the settings. */
export const DEFAULT_PATHS = {
  token: '/api/v1/auth/token',
  categories: '/api/v1/categories',
  attributes: '/api/v1/seller/attributes',
  values: '/api/v1/seller/attributes/values',
  brands: '/api/v1/seller/brands',
  import: '/api/seller/v1/products/import',
  importInfo: '/api/seller/v1/products/import/info',
  list: '/api/seller/v1/products/list',
  details: '/api/seller/v1/products/details',
} as const;

/** Path names. */
export type PathName = keyof typeof DEFAULT_PATHS;
