/*
 * The update gate protocol with teardown and trigger membership, in Promela, for spin.
 * Included by update-gate.pml (the protocol of GateStateMachine) and, with BEFORE defined,
 * by update-gate-before.pml (the protocol it replaced, which deadlocks).
 *
 * Two bindings b0 and b1, each with its own gate (gate g serves binding g); threads are
 * numbered from 0. One `atomic` block is one critical section under a lock; what a thread
 * does after letting a lock go (waiting on its semaphore, waking waiters, running handed-over
 * updates, starting and stopping a trigger) are separate steps, so spin explores every
 * interleaving of them.
 *
 * The scenario (the findings of the concurrency issue, at once):
 *   thread 0 fires b0 (trigger t0); inside that update it fires b1 and invalidates b1;
 *   thread 1 fires b1 (trigger t1); inside that update it invalidates b0;
 *   thread 2, inside no update, removes t0 from b0;
 *   thread 3 adds trigger t2 to b1 while thread 0 may invalidate b1.
 * Checked: no invalid end state (no deadlock, no waiter left asleep); no update starts after
 * invalidate returns; no update because of t0 starts, or is still running, after
 * removeTrigger(t0) returns on a thread holding no gate; t2 never ends started on an invalid
 * binding; no handed-over update is lost and every gate ends free.
 */
#define NTHREADS 4

/* what the gate's state machine answers to `enter` */
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

bool valid[2] = true;   /* binding b is valid */
bool member0 = true;    /* t0 belongs to b0 */
bool removeReturned;    /* removeTrigger(t0) returned (on a thread that holds no gate) */
bool invalidateReturned[2];

bool member2;           /* t2 belongs to b1 */
bool starting2;         /* t2's start is running (TriggerClaims) */
bool started2;          /* t2 observes */

/* Enter gate g as thread me; with work, a thread that holds another gate hands it over. */
inline enter(g, me, hasWork) {
    do
    :: atomic {
        if
        :: owner[g] == 0 -> owner[g] = me + 1; depth[g] = 1; er = RUN
        :: owner[g] == me + 1 -> depth[g]++; er = REENTRANT
        :: else ->
           if
           :: held[me] == 0 -> waiters[g] = waiters[g] | (1 << me); er = WAIT
           :: held[me] > 0 && hasWork -> handed[g] = handed[g] | (1 << g); er = HANDOVER
#ifdef BEFORE
           /* withGate (teardown, commit) waited even while the thread held another gate */
           :: held[me] > 0 && !hasWork -> waiters[g] = waiters[g] | (1 << me); er = WAIT
#else
           :: held[me] > 0 && !hasWork -> er = BUSY
#endif
           fi
        fi
       }
       if
       :: er == WAIT -> atomic { sem[me] > 0; sem[me]-- }
       :: er == RUN -> held[me]++; break
       :: else -> break
       fi
    od
}

/* An update of binding b, with its gate held, starts: the checks made inside the gate. */
inline updateStart(b, fired, ok) {
    atomic {
#ifdef BEFORE
        ok = valid[b];  /* the trigger was checked before entering the gate */
#else
        ok = valid[b] && (!fired || b != 0 || member0);
#endif
        if
        :: ok ->
           assert(!invalidateReturned[b]);
           assert(!(b == 0 && fired && removeReturned))
        :: else -> skip
        fi
    }
}

inline updateEnd(b, fired, ok) {
    if
    :: ok -> assert(!(b == 0 && fired && removeReturned))
    :: else -> skip
    fi
}

/* Leave gate g as thread me: the last leave runs handed-over updates, then wakes waiters. */
inline leave(g, me) {
    do
    :: atomic {
        if
        :: depth[g] > 1 -> depth[g]--; lr = 0
        :: depth[g] == 1 && handed[g] != 0 -> handed[g] = 0; lr = 1
        :: else -> owner[g] = 0; depth[g] = 0; wk = waiters[g]; waiters[g] = 0; lr = 2
        fi
       }
       if
       :: lr == 0 -> break
       :: lr == 1 ->
          /* the handed-over update of binding g runs nested, at depth 2 */
          atomic { depth[g]++ };
          updateStart(g, true, okh);
          updateEnd(g, true, okh);
          atomic { depth[g]-- }
       :: lr == 2 ->
          held[me]--;
          i = 0;
          do
          :: i < NTHREADS ->
             if
             :: (wk >> i) & 1 -> sem[i]++
             :: else -> skip
             fi;
             i++
          :: else -> break
          od;
          break
       fi
    od
}

/* Wait until no update of gate g runs, when that is safe (teardown). */
inline drain(g, me) {
    enter(g, me, false);
    if
    :: er == RUN || er == REENTRANT -> leave(g, me)
    :: else -> skip
    fi
}

/* invalidate() of binding b on thread me: b1 may hold t2, being added by thread 3. */
inline invalidate(b, me) {
    atomic { valid[b] = false; took2 = (b == 1 && member2); if :: b == 1 -> member2 = false :: else -> skip fi };
    if
    :: took2 ->
#ifdef BEFORE
       started2 = false
#else
       /* TriggerClaims.stop: a trigger still starting is left to its adder */
       atomic { stop2 = !starting2 };
       if
       :: stop2 -> started2 = false
       :: else -> skip
       fi
#endif
    :: else -> skip
    fi;
    drain(b, me);
    invalidateReturned[b] = true
}

#define LOCALS byte er, lr, wk, i; bool ok, ok1, okh, took2, stop2

proctype FireB0ThenFireAndInvalidateB1() {
    LOCALS;
#ifdef BEFORE
    if
    :: !member0 -> goto done
    :: else -> skip
    fi;
#endif
    enter(0, 0, true);
    updateStart(0, true, ok);
    if
    :: ok ->
       /* inside b0's update: fire b1, then tear b1 down */
       enter(1, 0, true);
       if
       :: er == RUN || er == REENTRANT ->
          updateStart(1, true, ok1);
          updateEnd(1, true, ok1);
          leave(1, 0)
       :: else -> skip
       fi;
       invalidate(1, 0)
    :: else -> skip
    fi;
    updateEnd(0, true, ok);
    leave(0, 0);
done:
    skip
}

proctype FireB1ThenInvalidateB0() {
    LOCALS;
    enter(1, 1, true);
    updateStart(1, true, ok);
    if
    :: ok -> invalidate(0, 1)
    :: else -> skip
    fi;
    updateEnd(1, true, ok);
    leave(1, 1)
}

proctype RemoveT0() {
    LOCALS;
    member0 = false;
    drain(0, 2);
    removeReturned = true
}

proctype AddT2ToB1() {
    bool added;
    atomic {
        if
        :: valid[1] -> member2 = true; starting2 = true; added = true
        :: else -> skip
        fi
    };
    if
    :: added ->
       started2 = true;
#ifndef BEFORE
       starting2 = false;
       /* removed (or its binding invalidated) while it started: stop it again */
       atomic {
           if
           :: !member2 -> started2 = false
           :: else -> skip
           fi
       }
#endif
    :: else -> skip
    fi
}

init {
    atomic {
        run FireB0ThenFireAndInvalidateB1();
        run FireB1ThenInvalidateB0();
        run RemoveT0();
        run AddT2ToB1()
    };
    _nr_pr == 1;
    assert(!(started2 && !valid[1]));
    assert(handed[0] == 0 && handed[1] == 0);
    assert(owner[0] == 0 && owner[1] == 0)
}
