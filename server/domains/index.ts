import type { Handlers } from '../http';
import { jobHandlers } from '../jobs/routes';
import * as catalogue from './catalogue';
import * as commerce from './commerce';
import * as fieldService from './fieldService';
import * as marketing from './marketing';
import * as money from './money';
import * as people from './people';
import * as platform from './platform';
import * as reports from './reports';
import * as supply from './supply';
import { switchHandlers } from './switches';

/** Every operation's handler, keyed by the operationId in openapi.yaml. */
export const handlers: Handlers = {
  ...platform.handlers,
  ...catalogue.handlers,
  ...money.handlers,
  ...marketing.handlers,
  ...people.handlers,
  ...commerce.handlers,
  ...fieldService.handlers,
  ...supply.handlers,
  ...reports.handlers,
  ...switchHandlers,
  ...jobHandlers,
};
