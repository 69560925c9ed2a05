// `npm start`: the reference server with its sandbox defaults (see serve.ts for the variables).
import { serve } from './serve.ts';

void serve();
