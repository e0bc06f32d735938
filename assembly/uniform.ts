// Whether every accepted row wrote one and the same value (list-uniform-lastmod / -priority).

import { bytesEqual } from './bytes';

export class SameValue {
  /** 0: nothing seen yet; 1: one value so far; 2: not uniform. */
  private state: i32 = 0;
  readonly first: usize = heap.alloc(64);
  firstLen: i32 = 0;

  /** A row's value; an absent one (`len` 0) breaks uniformity. */
  note(value: usize, len: i32): void {
    if (this.state == 2) return;
    if (len == 0) {
      this.state = 2;
    } else if (this.state == 0) {
      memory.copy(this.first, value, len);
      this.firstLen = len;
      this.state = 1;
    } else if (this.firstLen != len || !bytesEqual(this.first, value, len)) {
      this.state = 2;
    }
  }

  get uniform(): bool {
    return this.state == 1;
  }
}
