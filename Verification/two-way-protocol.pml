/*
 * A TwoWayBinding's rules (TwoWayStateMachine) and the pair's updates, in Promela, for spin.
 * Included by two-way.pml (the rules as they are) and, with BEFORE defined, by
 * two-way-before.pml (the rules before the state machine, which write a stale value back).
 *
 * One pair: the model's value M and the form's value F (what the form reads as, through its
 * transformer). Model values are 1..4; the form shows the model's 3 as 4 (a rounding: 1.755
 * shown as "1,76"). The user types 10, 11 (valid) and 19 (refused by a validator). The two
 * directions share one gate: `gate` is its holder (thread + 1), 0 when free.
 *
 * Threads:
 *   the UI thread (`Ui`): types into the form, fires the form's trigger (form -> model), commits,
 *     discards, changes the model itself and fires model -> form, and runs the writes delivered
 *     to it, in any order, up to MAXUI actions;
 *   an app thread (`App`): changes the model twice and fires model -> form, delivered on the UI
 *     thread (Binding.delivered(on:)): it reads the model in the gate and posts the write.
 * The form is only touched on the UI thread, as the threading model requires.
 *
 * One `atomic` block is one critical section of the pair's state lock, or one access to an
 * object; reading the source, asking the rules, writing and reading back are separate steps.
 *
 * Checked, on every interleaving:
 *   - no lost edit: model -> form never writes over an edit (a form value other than what it
 *     showed of the model) unless the model changed since the pair last agreed, or a discard runs;
 *     and at the end an edit still in the form is reported (hasPendingEdit);
 *   - no stale write-back: form -> model writes only values the user typed and the validators
 *     pass, never the model's value coming back (an echo, a late fire);
 *   - no deadlock (no invalid end state), and, once every trigger has fired and every delivered
 *     write has run, the form shows the model unless it holds a reported edit.
 */
#define MAXUI 5
#define INVALID 19

/* operations (TwoWayStateMachine.Operation) */
#define NONE 0
#define COMMIT 1
#define DISCARD 2

byte M = 1;             /* the model's value */
byte F = 1;             /* the form's value, as it reads */
byte gate;              /* holder of the pair's gate: thread + 1, or 0 when free */

/* TwoWayStateMachine */
byte synced = 1;        /* the value both sides last agreed on (0: never) */
byte shownAs = 1;       /* what the form read back as when it last showed `synced` */
bool holdsEdit;         /* a valid edit waits for a commit */
byte op = NONE;         /* a commit or a discard runs */
bool continuous;        /* chosen at the start */
bool formFailed;        /* form -> model keeps a failure (lastError) */

/* the delivered model -> form write */
bool scheduled;         /* a write is posted and not yet taken */
bool appDone;           /* the app thread is done */

/* ghosts: what the pair agreed on, told by the writes alone */
byte agreedModel = 1;   /* the model's value when the two sides last agreed */
byte agreedForm = 1;    /* what the form showed then */
byte nextUser = 10;

/* what the form reads as once the model's v is written to it */
#define SHOWN(v) (v == 3 -> 4 : v)
/* TwoWayStateMachine.formHoldsEdit */
#define FORM_HOLDS_EDIT(f) (synced != 0 && f != shownAs)
#define HAS_PENDING_EDIT (holdsEdit || formFailed || FORM_HOLDS_EDIT(F))

inline enterGate(me) { atomic { gate == 0 -> gate = me + 1 } }
inline leaveGate() { gate = 0 }

/* Both sides agree on model value v, the form reading as f (formShowedModel, modelTookFormValue). */
inline agree(v, f) {
    synced = v; holdsEdit = false; shownAs = f;
    agreedModel = v; agreedForm = f
}

/*
 * Model -> form's write half, in the gate: read the model, compare, ask the rules, write, read
 * back. Run by a direct update on the UI thread, a discard, or a delivered write.
 */
inline toFormWrite() {
    v = M;
    if
    :: SHOWN(v) == F ->
       /* equal already: no write; the pair agrees, the form's failure is forgotten */
       atomic { agree(v, F); formFailed = false }
    :: else ->
       atomic {
           /* TwoWayStateMachine.modelValueArrived */
           if
           :: op == DISCARD -> shows = true
           :: op != DISCARD && synced != v -> shows = true
           :: else -> shows = !(holdsEdit || FORM_HOLDS_EDIT(F) || formFailed)
           fi
       };
       if
       :: shows ->
          /* no lost edit: an edit is overwritten only by a model that changed, or a discard */
          assert(op == DISCARD || F == agreedForm || v != agreedModel);
          F = SHOWN(v);
          atomic { agree(v, F); formFailed = false }
       :: else -> skip
       fi
    fi
}

/* Form -> model, in the gate: read the form through the validators, compare, ask, write. */
inline toModelUpdate() {
    v = F;
    if
    :: v == INVALID -> formFailed = true     /* a validator refuses it: nothing written */
    :: v != INVALID && v == M ->
       /* equal already: the model holds the form's value */
       atomic { agree(v, F); formFailed = false }
    :: v != INVALID && v != M ->
       atomic {
           /* TwoWayStateMachine.formValueArrived */
           if
#ifdef BEFORE
           /* only the form's rounding of the model was taken for an echo */
           :: op != DISCARD && shownAs != synced && v == shownAs -> act = 0; holdsEdit = false
#else
           :: op != DISCARD && synced != 0 && !FORM_HOLDS_EDIT(v) -> act = 0; holdsEdit = false
#endif
           :: else ->
              if
              :: !continuous && op != COMMIT -> act = 1; holdsEdit = true
              :: else -> act = 2
              fi
           fi
       };
       if
       :: act == 2 ->
          /* no stale write-back: only what the user typed, and valid */
          assert(v >= 10 && v != INVALID);
          M = v;
          atomic { agree(v, F) }
       :: else -> skip
       fi;
       formFailed = false                    /* written or unchanged: a good update */
    fi
}

#define LOCALS byte v, act; bool shows

proctype Ui() {
    LOCALS;
    byte steps = 0;
    do
    :: steps < MAXUI ->
       steps++;
       if
       :: nextUser <= 11 -> F = nextUser; nextUser++          /* the user types */
       :: F = INVALID                                           /* the user types nonsense */
       :: enterGate(0); toModelUpdate(); leaveGate()            /* the form's trigger fires */
       :: enterGate(0);                                         /* commit() */
          if
          :: HAS_PENDING_EDIT -> op = COMMIT; toModelUpdate(); op = NONE
          :: else -> skip
          fi;
          leaveGate()
       :: enterGate(0); op = DISCARD; toFormWrite();            /* discard() */
          atomic { holdsEdit = false; op = NONE; formFailed = false };
          leaveGate()
       :: M = 2                                                 /* the UI thread changes the model */
       :: enterGate(0); toFormWrite(); leaveGate()              /* the model's trigger fires */
       :: scheduled -> scheduled = false;                       /* a delivered write runs */
          enterGate(0); toFormWrite(); leaveGate()
       fi
    :: else -> break
    od;
    /* the end: every delivered write runs, every trigger fires once more */
    appDone;
    if
    :: scheduled -> scheduled = false; enterGate(0); toFormWrite(); leaveGate()
    :: else -> skip
    fi;
    enterGate(0); toModelUpdate(); toFormWrite(); leaveGate();
    /* what the user typed and the model does not hold is reported; otherwise the form shows
       the model */
    assert(!(F >= 10 && F != M) || HAS_PENDING_EDIT);
    assert(HAS_PENDING_EDIT || F == SHOWN(M))
}

proctype App() {
    byte value = 3;
    do
    :: value <= 4 ->
       M = value;
       value++;
       /* model -> form, delivered: read in the gate, post the write to the UI thread */
       enterGate(1);
       scheduled = true;
       leaveGate()
    :: else -> break
    od;
    appDone = true
}

init {
    if
    :: continuous = true
    :: continuous = false
    fi;
    atomic {
        run Ui();
        run App()
    }
}
