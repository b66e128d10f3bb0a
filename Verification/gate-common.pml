/*
 * The update gate protocol, shared by both models: two bindings b0 and b1, each with its own
 * gate (gate g serves binding g), threads numbered from 0. Included by update-gate.pml (the
 * protocol of GateStateMachine) and update-gate-before.pml (the protocol it replaced).
 *
 * One `atomic` block is one critical section of the gate's lock; what the storage does after
 * letting the lock go (waiting on the thread's semaphore, waking, running handed-over work)
 * are separate steps, so every interleaving of them is explored.
 */
#define NTHREADS 4
#define NONE 255

/* enter actions */
#define RUN 1
#define REENTRANT 2
#define HANDOVER 3
#define BUSY 4
#define WAIT 5

byte owner[2];          /* holder of gate g: thread + 1, or 0 when free */
byte depth[2];
byte handed[2];         /* bit b: an update of binding b was handed to gate g's holder */
byte waiters[2];        /* bit t: thread t waits for gate g */
byte sem[NTHREADS];     /* each thread's wake-up semaphore */
byte held[NTHREADS];    /* how many gates thread t holds */

bool valid[2];          /* binding b is valid */
bool member[2];         /* trigger t_b belongs to binding b */
bool removeReturned;    /* removeTrigger(t0) returned, on a thread that holds no gate */
bool invalidateReturned[2];
byte running[2];        /* updates of binding b running now */

/* Leave gate g as thread me; the last leave runs handed-over updates, then wakes waiters. */
inline leave(g, me) {
    do
    :: atomic {
        if
        :: depth[g] > 1 -> depth[g]--; lr = 0
        :: depth[g] == 1 && handed[g] != 0 -> work = handed[g]; handed[g] = 0; lr = 1
        :: else -> owner[g] = 0; depth[g] = 0; wk = waiters[g]; waiters[g] = 0; lr = 2
        fi
       }
       if
       :: lr == 0 -> break
       :: lr == 1 ->
          /* a handed-over update of binding g runs nested (depth 2), rechecking the binding */
          atomic { depth[g]++ };
          updateBody(g, true);
          atomic { depth[g]-- }
       :: lr == 2 ->
          held[me]--;
          i = 0;
          do
          :: i < NTHREADS -> if :: (wk >> i) & 1 -> sem[i]++ :: else -> skip fi; i++
          :: else -> break
          od;
          break
       fi
    od
}

/* The update itself: check the binding (and, for a fire, its trigger) then run. */
inline updateBody(b, fired) {
    atomic {
        if
        :: valid[b] && (!fired || member[b]) ->
           assert(!invalidateReturned[b]);       /* no update starts after invalidate returns */
           assert(!(b == 0 && fired && removeReturned)); /* nor after removeTrigger(t0) returns */
           running[b]++
        :: else -> lr = 3
        fi
    }
    if
    :: lr != 3 ->
       /* a remover that holds no gate waits for us: it cannot have returned meanwhile */
       assert(!(b == 0 && fired && removeReturned));
       running[b]--
    :: else -> lr = 0
    fi
}
