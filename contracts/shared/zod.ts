// The one place zod is extended with `.openapi()`; every contract imports `z` from here.
import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';

extendZodWithOpenApi(z);

export { z };
