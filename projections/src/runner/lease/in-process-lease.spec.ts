import { createInProcessLeaseManager } from './in-process-lease';
import { leaseContract } from './lease.contract';

leaseContract('in-process', () => {
  const manager = createInProcessLeaseManager();
  return [manager, manager];
});
