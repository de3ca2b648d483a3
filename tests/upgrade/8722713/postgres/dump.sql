--
-- PostgreSQL database dump
--

\restrict PfjrEeRjPronRAOk5xhytIvvWfz3mj54osPG49cqRv9rt02H6tTd6ffhwtWcxYa

-- Dumped from database version 15.20 (Debian 15.20-0+deb12u1)
-- Dumped by pg_dump version 15.20 (Debian 15.20-0+deb12u1)

SET statement_timeout = 0;
SET lock_timeout = 0;
SET idle_in_transaction_session_timeout = 0;
SET client_encoding = 'UTF8';
SET standard_conforming_strings = on;
SELECT pg_catalog.set_config('search_path', '', false);
SET check_function_bodies = false;
SET xmloption = content;
SET client_min_messages = warning;
SET row_security = off;

SET default_tablespace = '';

SET default_table_access_method = heap;

--
-- Name: account; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.account (
    id integer NOT NULL,
    name character varying(64) NOT NULL,
    email character varying(254) NOT NULL,
    key character varying(64) NOT NULL,
    created timestamp without time zone NOT NULL
);


--
-- Name: account_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.account_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: account_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.account_id_seq OWNED BY public.account.id;


--
-- Name: clock; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.clock (
    id integer NOT NULL,
    game_id character varying(32) NOT NULL,
    days integer NOT NULL,
    grace_hours integer NOT NULL,
    on_expiry character varying(16) NOT NULL,
    seat integer,
    started timestamp without time zone,
    remind_at timestamp without time zone,
    warn_at timestamp without time zone,
    expires_at timestamp without time zone,
    reminded boolean NOT NULL,
    warned boolean NOT NULL
);


--
-- Name: clock_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.clock_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: clock_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.clock_id_seq OWNED BY public.clock.id;


--
-- Name: deadlinenotice; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.deadlinenotice (
    id integer NOT NULL,
    game character varying(32),
    account_id integer NOT NULL,
    kind character varying(16) NOT NULL,
    data text NOT NULL,
    created timestamp without time zone NOT NULL
);


--
-- Name: deadlinenotice_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.deadlinenotice_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: deadlinenotice_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.deadlinenotice_id_seq OWNED BY public.deadlinenotice.id;


--
-- Name: emailinvite; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.emailinvite (
    id integer NOT NULL,
    game_id character varying(32) NOT NULL,
    seat integer NOT NULL,
    email character varying(254) NOT NULL,
    by_id integer NOT NULL
);


--
-- Name: emailinvite_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.emailinvite_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: emailinvite_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.emailinvite_id_seq OWNED BY public.emailinvite.id;


--
-- Name: entry; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.entry (
    id integer NOT NULL,
    game_id character varying(32) NOT NULL,
    seq integer NOT NULL,
    hash character varying(64) NOT NULL,
    data text NOT NULL
);


--
-- Name: entry_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.entry_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: entry_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.entry_id_seq OWNED BY public.entry.id;


--
-- Name: game; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.game (
    id character varying(32) NOT NULL,
    engine character varying(32) NOT NULL,
    options text NOT NULL,
    seats integer NOT NULL,
    creator_id integer NOT NULL,
    status character varying(16) NOT NULL,
    to_move integer,
    seed character varying(64) NOT NULL,
    state text,
    head_seq integer NOT NULL,
    head_hash character varying(64) NOT NULL,
    result text,
    created timestamp without time zone NOT NULL,
    updated timestamp without time zone NOT NULL,
    request_sig character varying(128),
    email_moves boolean NOT NULL
);


--
-- Name: inboxmessage; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.inboxmessage (
    id integer NOT NULL,
    message_id character varying(255) NOT NULL,
    sender character varying(254) NOT NULL,
    game character varying(32),
    outcome character varying(16) NOT NULL,
    reason text NOT NULL,
    created timestamp without time zone NOT NULL
);


--
-- Name: inboxmessage_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.inboxmessage_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: inboxmessage_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.inboxmessage_id_seq OWNED BY public.inboxmessage.id;


--
-- Name: invite; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.invite (
    id integer NOT NULL,
    game_id character varying(32) NOT NULL,
    seat integer NOT NULL,
    account_id integer NOT NULL,
    by_id integer NOT NULL
);


--
-- Name: invite_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.invite_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: invite_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.invite_id_seq OWNED BY public.invite.id;


--
-- Name: mail; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mail (
    id integer NOT NULL,
    account_id integer,
    to_addr character varying(254) NOT NULL,
    game character varying(32),
    kind character varying(16) NOT NULL,
    message text NOT NULL,
    key character varying(191) NOT NULL,
    status character varying(16) NOT NULL,
    attempts integer NOT NULL,
    next_try timestamp without time zone NOT NULL,
    last_error text,
    created timestamp without time zone NOT NULL,
    sent_at timestamp without time zone
);


--
-- Name: mail_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mail_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: mail_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mail_id_seq OWNED BY public.mail.id;


--
-- Name: mailpref; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mailpref (
    id integer NOT NULL,
    account_id integer NOT NULL,
    notify character varying(8) NOT NULL,
    digest_day character varying(10)
);


--
-- Name: mailpref_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mailpref_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: mailpref_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mailpref_id_seq OWNED BY public.mailpref.id;


--
-- Name: movetoken; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.movetoken (
    token character varying(32) NOT NULL,
    game_id character varying(32) NOT NULL,
    seat integer NOT NULL,
    seq integer NOT NULL,
    prev character varying(64) NOT NULL,
    created timestamp without time zone NOT NULL,
    used timestamp without time zone,
    used_by character varying(255)
);


--
-- Name: mute; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.mute (
    id integer NOT NULL,
    account_id integer NOT NULL,
    game_id character varying(32) NOT NULL
);


--
-- Name: mute_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.mute_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: mute_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.mute_id_seq OWNED BY public.mute.id;


--
-- Name: payload; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.payload (
    id integer NOT NULL,
    game_id character varying(32) NOT NULL,
    seq integer NOT NULL,
    index integer NOT NULL,
    seat integer NOT NULL,
    data text NOT NULL
);


--
-- Name: payload_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.payload_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: payload_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.payload_id_seq OWNED BY public.payload.id;


--
-- Name: privategame; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.privategame (
    game_id character varying(32) NOT NULL
);


--
-- Name: schemaversion; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.schemaversion (
    version integer NOT NULL,
    applied timestamp without time zone NOT NULL
);


--
-- Name: seat; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.seat (
    id integer NOT NULL,
    game_id character varying(32) NOT NULL,
    seat integer NOT NULL,
    account_id integer NOT NULL,
    nonce character varying(64) NOT NULL
);


--
-- Name: seat_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.seat_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: seat_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.seat_id_seq OWNED BY public.seat.id;


--
-- Name: secret; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.secret (
    id integer NOT NULL,
    game_id character varying(32) NOT NULL,
    seq integer NOT NULL,
    data text NOT NULL
);


--
-- Name: secret_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.secret_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: secret_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.secret_id_seq OWNED BY public.secret.id;


--
-- Name: vacation; Type: TABLE; Schema: public; Owner: -
--

CREATE TABLE public.vacation (
    id integer NOT NULL,
    account_id integer NOT NULL,
    starts timestamp without time zone NOT NULL,
    ends timestamp without time zone NOT NULL,
    days integer NOT NULL,
    year integer NOT NULL,
    created timestamp without time zone NOT NULL
);


--
-- Name: vacation_id_seq; Type: SEQUENCE; Schema: public; Owner: -
--

CREATE SEQUENCE public.vacation_id_seq
    AS integer
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;


--
-- Name: vacation_id_seq; Type: SEQUENCE OWNED BY; Schema: public; Owner: -
--

ALTER SEQUENCE public.vacation_id_seq OWNED BY public.vacation.id;


--
-- Name: account id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account ALTER COLUMN id SET DEFAULT nextval('public.account_id_seq'::regclass);


--
-- Name: clock id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clock ALTER COLUMN id SET DEFAULT nextval('public.clock_id_seq'::regclass);


--
-- Name: deadlinenotice id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deadlinenotice ALTER COLUMN id SET DEFAULT nextval('public.deadlinenotice_id_seq'::regclass);


--
-- Name: emailinvite id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.emailinvite ALTER COLUMN id SET DEFAULT nextval('public.emailinvite_id_seq'::regclass);


--
-- Name: entry id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.entry ALTER COLUMN id SET DEFAULT nextval('public.entry_id_seq'::regclass);


--
-- Name: inboxmessage id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.inboxmessage ALTER COLUMN id SET DEFAULT nextval('public.inboxmessage_id_seq'::regclass);


--
-- Name: invite id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invite ALTER COLUMN id SET DEFAULT nextval('public.invite_id_seq'::regclass);


--
-- Name: mail id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail ALTER COLUMN id SET DEFAULT nextval('public.mail_id_seq'::regclass);


--
-- Name: mailpref id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mailpref ALTER COLUMN id SET DEFAULT nextval('public.mailpref_id_seq'::regclass);


--
-- Name: mute id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mute ALTER COLUMN id SET DEFAULT nextval('public.mute_id_seq'::regclass);


--
-- Name: payload id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payload ALTER COLUMN id SET DEFAULT nextval('public.payload_id_seq'::regclass);


--
-- Name: seat id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat ALTER COLUMN id SET DEFAULT nextval('public.seat_id_seq'::regclass);


--
-- Name: secret id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.secret ALTER COLUMN id SET DEFAULT nextval('public.secret_id_seq'::regclass);


--
-- Name: vacation id; Type: DEFAULT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.vacation ALTER COLUMN id SET DEFAULT nextval('public.vacation_id_seq'::regclass);


--
-- Data for Name: account; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.account VALUES (1, 'ada', 'ada@example.org', '3aa63e414ff0eff83d4ac3f1c7648ec48f3fa4b982578b1aa3434d923e0e431c', '2026-12-07 02:41:54.674665');
INSERT INTO public.account VALUES (2, 'bo', 'bo@example.org', 'f956a3cd21f2c4b5dfdacc1dbca94985fd6d87614e2bc93f35286e75100f48fc', '2026-12-07 02:41:55.142736');
INSERT INTO public.account VALUES (3, 'cy', 'cy@example.org', 'e3c482729fab6a6f4efd59bb08f8b649f0ba84c5b734c0d2cba17ae7e110b665', '2026-12-07 02:41:55.577126');


--
-- Data for Name: clock; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: deadlinenotice; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: emailinvite; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: entry; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.entry VALUES (1, '64d5b1fe5022f496', 0, 'd1ec58423006108c9f6050eec8fa00816fc1a1e4eda86952b4b2d6b4ce57b23e', '{"body":{"engine":"feuersalamander","engine_version":"3","options":{"target":2},"seat_names":["King","Queen","Monk"],"seats":3,"seed_commit":"1c30e4c3ed2df615befe7d3fd42e2fcf776313aa3869c33f4f22bdc79c53a421","server_key":"744a8e55861e12877549ccf2e7eca5fcd6130f99002a9ce2882374469e5ec1dc"},"game":"64d5b1fe5022f496","prev":null,"seq":0,"sig":"4719b5954aaa99aab2fe2b1bf470ef792b00cd793db5a4530856536f6575103145a29bbce59bf4c958dc8c204ad2865ff8d8519aeb365ec51e896a6dca8af505","ts":"2026-12-07T02:41:56Z","type":"genesis","v":2}');
INSERT INTO public.entry VALUES (2, '64d5b1fe5022f496', 1, 'e405cebeafff0f61d61f5d55b1bcf0049e28655ee98d51d79a8eeb9330dff4eb', '{"body":{"key":"3aa63e414ff0eff83d4ac3f1c7648ec48f3fa4b982578b1aa3434d923e0e431c","name":"ada","nonce":"1e179f2681c0f43e64ec034bdfc26d98b0f72613ab3fdff2964ba5757b2be629","seat":0,"sig":"d7562b571da5ea1f2255bfdc70dd4c82dce5725815e95220faffa0c0a58985ec147f0de78465eaf1ebdafcf31a93cbca20bb69efba5fbb3e63ed17f8c0637c0f"},"game":"64d5b1fe5022f496","prev":"d1ec58423006108c9f6050eec8fa00816fc1a1e4eda86952b4b2d6b4ce57b23e","seq":1,"sig":"130be41bea3f8b546544591cbee7c839eb21b5ec268d4a288abd403800d8cf0cd27d450f8a8870473fc5acb47e275574b95663e7a8d1c800e4ec3db15b9fc003","ts":"2026-12-07T02:41:56Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (3, '64d5b1fe5022f496', 2, '25b2475b94659ce2c38020ce8d2abd8c58aba43e784eed355306010866a721cf', '{"body":{"key":"f956a3cd21f2c4b5dfdacc1dbca94985fd6d87614e2bc93f35286e75100f48fc","name":"bo","nonce":"13eec3ab6a7cdb94d179c4857a7e79cd5e05ac52d41c5eac23f44417df64b886","seat":1,"sig":"ed20b5f8a44ae0026051baa5b768bf6a20fe6305a03581bbd37b38b33ec4ba9ea2b95f09a19ac63fb2a1425244af090a252e3a3dbab1806cbba4fc8aaf70dc04"},"game":"64d5b1fe5022f496","prev":"e405cebeafff0f61d61f5d55b1bcf0049e28655ee98d51d79a8eeb9330dff4eb","seq":2,"sig":"e3c1c576febf1f9fdce39d483b97cd76bcf2cde7524e17118af8d1b49970748accc7d01ca4505baf9e61909546a936c59055e8047b7d59a3a5463ebf803cc408","ts":"2026-12-07T02:41:56Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (4, '64d5b1fe5022f496', 3, 'e8322c54f5b2a0d7697de617b8070d57f2c63bcaa3ca8eb685c1cec4dbe7d129', '{"body":{"key":"e3c482729fab6a6f4efd59bb08f8b649f0ba84c5b734c0d2cba17ae7e110b665","name":"cy","nonce":"ad8b9f6146921acb71e7299f99b0538e9a292f6610fbac7af53c6d0fb671ec98","seat":2,"sig":"9fd642137098dab79401708bb672a06787ade1ae08dd545beca6e296a0b4fc67c8ed023045da0cd28eaf4c962ad0369fc95f103a43e24df769150aa0b8033307"},"game":"64d5b1fe5022f496","prev":"25b2475b94659ce2c38020ce8d2abd8c58aba43e784eed355306010866a721cf","seq":3,"sig":"bdce4cc7867c2382fe34154878680dc118c137780b86a300d8e08899940bf2aa56a79a8228eebe172b551219188f27f00f016915185c20a083bbb8f0718d3b03","ts":"2026-12-07T02:41:57Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (5, '64d5b1fe5022f496', 4, 'dea967c04057c8ed762d69af5abdf0afe29598cb7b0fa5b0605434cd3fd60b81', '{"body":{"events":[{"commit":"4992e7e0d7e29369fb69031d797b8519f79f3ed8c64648be0229797cfa05b8f4","to":[0]},{"commit":"be264abcfec40a5e03a78c3bdf4abafa65402fa104fd55e30cf338295253871e","to":[1]},{"commit":"ebb40587eff033441e0481c804a0bc6b91e942219ac94959aded10e58fd5029e","to":[2]},{"data":{"deck_size":41,"hand_sizes":[2,2,2]},"kind":"dealt","to":null},{"data":{"rounds":[[{"seat":0,"value":3},{"seat":1,"value":3},{"seat":2,"value":1}],[{"seat":0,"value":1},{"seat":1,"value":3}]],"start_player":1},"kind":"start_throws","to":null},{"data":{"seat":1,"turn":1},"kind":"turn","to":null}],"state":"91e8f26c26927fe23170febed422d978ba6be0507285e4624e5f2ff32616c8c8","to_move":1,"views":["f3b8016049c1e9ab79c8ba18e6043a8d6ca53f12c17937581e9199441c5fbce6","589dc1874b24123ed5cfe41df96fc1ddc15dbad958449111629dfbc2d90de8c9","c27b9d95f4e19d0151992d36c20706115d2b7cacce52ce0d3dde3c906b207a62"]},"game":"64d5b1fe5022f496","prev":"e8322c54f5b2a0d7697de617b8070d57f2c63bcaa3ca8eb685c1cec4dbe7d129","seq":4,"sig":"104f2cbec987e59232defa9cce874c3fe45c3c9da64f081c680fb387e3b7b15503b7fb4365c8d139b9aa1ec0babe6e99693f1a50bc40c010fb9cf37523aea303","ts":"2026-12-07T02:41:57Z","type":"start","v":2}');
INSERT INTO public.entry VALUES (6, '64d5b1fe5022f496', 5, '1b97cf6c221f4ae9ae77b158ab52709959daafbba203046279e62e45ee5341d3', '{"body":{"envelope":{"game":"64d5b1fe5022f496","move":{"type":"throw"},"nonce":"625dc23bc2682ee2030fb5f650f8ce1e2cc05aa9acf60eee4771401f9c4cedb6","prev":"dea967c04057c8ed762d69af5abdf0afe29598cb7b0fa5b0605434cd3fd60b81","seat":1,"secret_commit":null,"seq":5,"ts":"2026-12-07T02:41:58Z"},"events":[{"data":{"keys":[false,false,false],"numbers":[3,2],"seat":1,"symbol":"stone"},"kind":"threw","to":null}],"seat":1,"sig":"f412afac5c4779f5618c80a525cc552e7212a666538f3d515de598a272ed84d3d0fb90ab85c24be4f31db0a56b283632ec05b1a0438d875b6ee3591ae9225102","state":"da3d1a5bb064bba6880651ce4c706d20f56ca62c30a774a97bbef775896e892d","to_move":1,"views":["899674fb142e3ba76792da0ae9e2da83809ff2037454ca1bb287fe95bd332103","7e9d1c5fbe516a8fb660f5f97e58039ba5e2e119759df77cf72bf92fcc74cab3","6f999440fc0c11210b3e3dd57313b0666e8bc77eeca4c71b3fa0f5366d4138b6"]},"game":"64d5b1fe5022f496","prev":"dea967c04057c8ed762d69af5abdf0afe29598cb7b0fa5b0605434cd3fd60b81","seq":5,"sig":"2b110c391ca71ccd38be6b0e8486b3d338526772bfbf1cb9e7a81e3d5cbd5d7d923030f7e78b8550bcc125deb5811121c502209a9ef0685cd4bc4d7c85766006","ts":"2026-12-07T02:41:58Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (7, '64d5b1fe5022f496', 6, '114221763a6b109c8ff34f991404b58239e5bd2ae6deb776a2c4c7043ad6a462', '{"body":{"envelope":{"game":"64d5b1fe5022f496","move":{"field":2,"row":1,"type":"stone","wing":"air"},"nonce":"0be43b1b0d08d3eeb7045654f6594152d997d2309ee8eb0224ac0c5998948385","prev":"1b97cf6c221f4ae9ae77b158ab52709959daafbba203046279e62e45ee5341d3","seat":1,"secret_commit":null,"seq":6,"ts":"2026-12-07T02:42:00Z"},"events":[{"data":{"chamber":{"field":2,"row":1,"wing":"air"},"seat":1},"kind":"stone","to":null}],"seat":1,"sig":"ce3abebe37cf1473012792573beae526a1e2c11f7bab8bbd8ef1d037bbf287fbc9d2d2a20217a62d243505807666b0929cbfcd0376095f8380ab3bd267e00900","state":"e29f08ae6a7d87f9bb13ccdac417bcd9bb69ce7e1c407c45689a67df88f9fcf8","to_move":1,"views":["808eedd1d6ea13954a7439ba55719e947593a4a3a84e56c09450d7b6b585bdbc","9414ad570b9f517fef64230dcb8e1a7f066b7ffe8485c41e1a26cc32c645789b","b67983642318ff0eb629c1a9446f7236cb95f7d8d7b988681e0495fc26e34dcf"]},"game":"64d5b1fe5022f496","prev":"1b97cf6c221f4ae9ae77b158ab52709959daafbba203046279e62e45ee5341d3","seq":6,"sig":"6a32fd298ede14acd59d3d38fb1f317dbaf8857d8e4265bbfffb8f6d5cfe8148ed5774bb11a9ab7d10a44fd8d14f2418127a515a5e0af6b82ac361da4fa7f404","ts":"2026-12-07T02:42:00Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (8, '64d5b1fe5022f496', 7, '3f619eb4ba6bea4638c00eecb57b4c4f358174cbbf97c68509a906a47b080acc', '{"body":{"envelope":{"game":"64d5b1fe5022f496","move":{"how":"sum","type":"move"},"nonce":"2fe85db474476e2a38408fe6514d2a95e549868919e58e441e2ef18599d96ed0","prev":"114221763a6b109c8ff34f991404b58239e5bd2ae6deb776a2c4c7043ad6a462","seat":1,"secret_commit":null,"seq":7,"ts":"2026-12-07T02:42:01Z"},"events":[{"data":{"how":"sum","seat":1,"steps":5},"kind":"steps","to":null},{"data":{"seat":1,"to":11},"kind":"moved","to":null}],"seat":1,"sig":"0e1c4d079dbe6f98638e908902f754dae4d22a9410987269e7e3f673c7093b19ef51a23f18380f443d5c9633e3d07a61a705bc0eb2d475b62bad8f3280a5dc0a","state":"f2c1c6f785f9f569f6e3a0e94a56488536bfc29997091a9a4aa1d338f5ec5e81","to_move":1,"views":["343580e9561fc854c9bac7440d92ed39596239832e710a6b6e537d38280841a0","5792ce113c9b26b73cdb5c0162cef39805e3e4742fedfb3ae74d932f9355b96f","9c2129af863652a04c054f16313ae86c007d09096ecbcb867cf97604f0c39933"]},"game":"64d5b1fe5022f496","prev":"114221763a6b109c8ff34f991404b58239e5bd2ae6deb776a2c4c7043ad6a462","seq":7,"sig":"de2b0fcc49b50b144efe5e5092706311b4ee293fe0f8502fac34a4dc500bd6d0c002eb35cabd173ec421490fdfd72c10c67eb301b4497cba301a562dd5b1ac0c","ts":"2026-12-07T02:42:01Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (9, '64d5b1fe5022f496', 8, 'b8dc562dc0014362e7fb8f94c30dde9a1a43fa1eb4684574da18330629f90e9a', '{"body":{"envelope":{"game":"64d5b1fe5022f496","move":{"type":"noquestion"},"nonce":"255c2ea6a19a39ec5316200fcec62743a985045df230b4599c45b99117acc6af","prev":"3f619eb4ba6bea4638c00eecb57b4c4f358174cbbf97c68509a906a47b080acc","seat":1,"secret_commit":null,"seq":8,"ts":"2026-12-07T02:42:01Z"},"events":[{"data":{"seat":1},"kind":"no_question","to":null},{"data":{"seat":2,"turn":2},"kind":"turn","to":null}],"seat":1,"sig":"15abedef838369685b785410b6bd39503f4f75f0196332db8287ead489dd65121e3d5fe4ff506adc7ef897241bd8df9639b86cc4ee58abbeee0f778ce1846b0d","state":"64f8cabc54bbda69887678c629cd79a6891f7df7f3c8c6033f84f24c8fb3ad9c","to_move":2,"views":["b4277531e5b3a05a10e10680fa39ed6e687e619af8ac1f2da3c6e4c165cdc64c","b310d8ee107cb3a3d2bf2abd060d5a15a0b67263a447e9983912ba800bc5bdea","eab6a6f92ec52d721950dbd1efde80dbd808778c017edf3b76751be0da19c891"]},"game":"64d5b1fe5022f496","prev":"3f619eb4ba6bea4638c00eecb57b4c4f358174cbbf97c68509a906a47b080acc","seq":8,"sig":"1d5b8528486e0702c27b2f7069507fe9afeb8bd0d0a33e2b144390155514fc644d266b1377f78cc3484bc47d1d0df1012c9a80ede50d827e800ba2bf51929103","ts":"2026-12-07T02:42:01Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (10, '64d5b1fe5022f496', 9, '843bb55122af261ab05c530f7a24ff0c2f13b20ffbcb0983bf98e1258d70b00a', '{"body":{"envelope":{"game":"64d5b1fe5022f496","move":{"named":[{"card":"fire","seat":0},{"card":"row6","seat":1},{"card":"one-stone","seat":0}],"own":[],"type":"claim"},"nonce":"a35818388f76a438c42831b2ae8c917cc45b86da860aa479f25c833dc5233a22","prev":"b8dc562dc0014362e7fb8f94c30dde9a1a43fa1eb4684574da18330629f90e9a","seat":2,"secret_commit":null,"seq":9,"ts":"2026-12-07T02:42:03Z"},"events":[{"data":{"named":[{"card":"fire","seat":0},{"card":"row6","seat":1},{"card":"one-stone","seat":0}],"own":[],"seat":2},"kind":"claim","to":null},{"data":{"held":[{"card":"fire","held":false,"seat":0},{"card":"row6","held":false,"seat":1},{"card":"one-stone","held":false,"seat":0}],"own":[],"seat":2},"kind":"claim_failed","to":null},{"data":{"seat":0,"turn":3},"kind":"turn","to":null}],"seat":2,"sig":"811147ddb46d333be7c84250589fc4eb4fced12b49f0634d09da58cc059650e959ecdc53cf69bf44621c20320490fb2d9ecf2a4ed2f39639f778ee10d882650d","state":"9ef3e4eb4ee802acc64627a5c28546fdda40a319846f80cb432d1d7c6fb45153","to_move":0,"views":["2c7aa2ccbd98376130c513ca8f84152e570f82c71aea1502d95d24b3641f9af3","cdd3bc9d6452c410ed9f707caeb230c84673635062c9800652113cbe976dbdaf","88837be2d6da2a5e1bee464c108f895fae7e91e6c596e3f65664877405c5446e"]},"game":"64d5b1fe5022f496","prev":"b8dc562dc0014362e7fb8f94c30dde9a1a43fa1eb4684574da18330629f90e9a","seq":9,"sig":"33fcc16668424178ea918782fb4698658bbae60b06c5967d1823374d438d1bbcb1a731b1ba099150eefa10eeac97fd92552eff4825c00c03508218cb0e611007","ts":"2026-12-07T02:42:03Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (17, 'a3d497fd3a5972a9', 5, 'ae83acd1d270bdd46c684074533f9d107a918955f56f692fc4b045804a01b44b', '{"body":{"envelope":{"game":"a3d497fd3a5972a9","move":{"cell":"c1","type":"place"},"nonce":"a525e897ea84338bc82441ee96239ac43fa0b77300f9e5c414258c1147e2a500","prev":"dc9a63c390d107aaa414d67d2d7f8d2dd6d35e40308de8defb7319d3806e0d6a","seat":1,"secret_commit":"96247320fc61d8c74f9421580b716f7371bb97f2f55e1454ae1d0bd896849a8c","seq":5,"ts":"2026-12-07T02:42:10Z"},"events":[{"data":{"cell":"c1","seat":1},"kind":"placed","to":null}],"owner_only":true,"seat":1,"sig":"962c20ebbc8c2702a62198969837ccda7c7f69cb8f169be6255886a943fddf1211b6212e2c69a6d65bfad7f3975ee20f2ec92a6a08cca1e301c7874294c9020c","state":"40412f2e30b7ac589a237841e1a3135775991c673b08fa4c8a536b081d0349ac","to_move":0,"views":["e529fb88fc7187e1d3bfba6c7ee6c7aa481e7ae8ad5d828596fd951f66c4e997","8ae02e56d0c75a0826f85d4029a82864c5e88c511e5bb584f348d92bca6f2b66"]},"game":"a3d497fd3a5972a9","prev":"dc9a63c390d107aaa414d67d2d7f8d2dd6d35e40308de8defb7319d3806e0d6a","seq":5,"sig":"12fc77a9ccbf5d240e35867476bcf2029aa9e49390d4e899abf410afd99ca3f12a80d8e793a406afc7a0c1e90af2507bf19716089699b83f8e7db60543e69405","ts":"2026-12-07T02:42:10Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (19, 'a3d497fd3a5972a9', 7, '6277cb52c19aee9c4f6568170f443ea840e8c8cfeed633e68527aded18b5fdaa', '{"body":{"envelope":{"game":"a3d497fd3a5972a9","move":{"cell":"d2","type":"place"},"nonce":"a2d336cb5a3097cef516eb45921b8d5f18e9737e92fcd01126868c55bcb48df2","prev":"98ccaa8229a852a1efadb5cbe72ddffb15a5c20e1e52fb9bc51732d5758f40aa","seat":1,"secret_commit":"e9132fca4d3dbe6dbad56a1fac2390eee19e36ed1870bdc13138cf3af6d55320","seq":7,"ts":"2026-12-07T02:42:12Z"},"events":[{"data":{"cell":"d2","seat":1},"kind":"placed","to":null}],"owner_only":true,"seat":1,"sig":"a3ba9b738d115dadff91904f96d4f34da1077f414a856ef40833777e3027b404eec3ae3cb8ef16cf7b58b9a38aa571809e29f9bc88b9d8b86115d3e5debb1e09","state":"5615aa4bb0e38eaffc50a05f808bdea37b311e569d87941243b7f131be68029e","to_move":0,"views":["3dc5615b7283feba5d2001613e5d09054bdbc635f218950ff90b219476fe42e4","794a6f5335e508d5a7cbf2b7d82a602c75e8746fa2600e98ffcb65e1846656a5"]},"game":"a3d497fd3a5972a9","prev":"98ccaa8229a852a1efadb5cbe72ddffb15a5c20e1e52fb9bc51732d5758f40aa","seq":7,"sig":"3936c70afda5f67e913db5f820cae91d6b5aadd086b86e51394209966b21c5480b4aa1f9a0e40f7de51d0ffabcefd823be0bae0f8661decb4931e200a957fd0b","ts":"2026-12-07T02:42:12Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (11, '64d5b1fe5022f496', 10, '06a971bbf5f6719bf403793bf8b62f31d926b65c9446498fd037f12668ecdd67', '{"body":{"envelope":{"game":"64d5b1fe5022f496","move":{"type":"throw"},"nonce":"3fbd15d864b1b0f63e891e4d822ba80ab5b15f39137e1af178dd4802345743c1","prev":"843bb55122af261ab05c530f7a24ff0c2f13b20ffbcb0983bf98e1258d70b00a","seat":0,"secret_commit":null,"seq":10,"ts":"2026-12-07T02:42:04Z"},"events":[{"data":{"keys":[true,true,false],"numbers":[1,1],"seat":0,"symbol":"salamander"},"kind":"threw","to":null},{"data":{"seat":0},"kind":"drew","to":null},{"commit":"f9f2793f46965c1a15d9ac57d79be534d20f678164412f4b9910c3873f2ea665","to":[0]}],"seat":0,"sig":"c1ad7fa76b6dd9e51a8dd886f88088a7e049db81537b741c5253a2c4ee5ce5d0dfdb95c4d484d67f47b173fc6ac237e696c0f9d698ce775d9700bb8f182c6107","state":"a2ff022eaab6fcd58c2c12995b780512bea05e80147de606c1c727e411c2f9ae","to_move":0,"views":["4676adb9aed68a5036d3f71d8b5734ca3185a54083b3d6b31916b68ad2f0ca9c","89468b626af57f7f48bc4f67440910057bd2b520c89255250d69c96f15e405a3","33c8f9c41d56f95d00135141e2495863ae3c2b6da73664cbd6116d4047748533"]},"game":"64d5b1fe5022f496","prev":"843bb55122af261ab05c530f7a24ff0c2f13b20ffbcb0983bf98e1258d70b00a","seq":10,"sig":"55f4f11a43781ad92934f75db97923ae4e2b63aa6908b2a16f7339bd3ca0366e9e4ca2918f97f2867585470090a8053ca0189c7396720d94e3e38969deaf650c","ts":"2026-12-07T02:42:04Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (12, 'a3d497fd3a5972a9', 0, '9bc52939bf917fdedc0e1b4d07aa66fb3580bccd74eab8f1abf77db87e826904', '{"body":{"engine":"magier","engine_version":"2","options":{"blind":true,"move_limit":30,"open_placement":false,"wrap":"line"},"seat_names":["red","black"],"seats":2,"seed_commit":"b4f69eb10e86faa9e64f63f67759baabc5fdd27ca4734bf5bba71f8c94358acc","server_key":"744a8e55861e12877549ccf2e7eca5fcd6130f99002a9ce2882374469e5ec1dc"},"game":"a3d497fd3a5972a9","prev":null,"seq":0,"sig":"ed1129e40184942652a9b0a6b4debcdfe9f98ad8de2253bc9a806467a481c03ec0cba5d78e12942f540035dc9649a0a9794db849f6b2c8fc7c9b698435dbe00a","ts":"2026-12-07T02:42:07Z","type":"genesis","v":2}');
INSERT INTO public.entry VALUES (13, 'a3d497fd3a5972a9', 1, 'ea9f7c2157dad6767327026f8a1b93ba1c49b12766c993e9685e6d98ad9b1ffe', '{"body":{"key":"f956a3cd21f2c4b5dfdacc1dbca94985fd6d87614e2bc93f35286e75100f48fc","name":"bo","nonce":"f1e8c156c0654283f8655956465c9d790df13fabe546182b0b126ec85f7811d3","seat":0,"sig":"a9b8ed39d38d688dde5c83226e781632cd3aef9cbd0d36f5933b54f754d5922a452f25c365206b0cd6e541942428581bbd5321082323d94edc51c48ddcd7850c"},"game":"a3d497fd3a5972a9","prev":"9bc52939bf917fdedc0e1b4d07aa66fb3580bccd74eab8f1abf77db87e826904","seq":1,"sig":"8174229bc4fd23f24ace58475f58a15108ad5094dfb1bdaba9c0e08def096a1a62a6bb257ffd373a5957ad6db717759d0600285df6fad9cfc2281c0ede644c0e","ts":"2026-12-07T02:42:07Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (14, 'a3d497fd3a5972a9', 2, '3672ee9f828a89e34954d26e05d8de70cc7399b57667bcc9b99789632507a427', '{"body":{"key":"3aa63e414ff0eff83d4ac3f1c7648ec48f3fa4b982578b1aa3434d923e0e431c","name":"ada","nonce":"de61ef6678bf5d1b9c695801651b7f1ed003cd31adb2c36e6f23eb6e0ed44c67","seat":1,"sig":"66403ba803f9358883d0ec695f7759f58917b916128a84f9b2d4ebc9903f49e6b73003c16d1bcf40eaca0d26c9937722534fb8d1d3419a717201d086b49b1905"},"game":"a3d497fd3a5972a9","prev":"ea9f7c2157dad6767327026f8a1b93ba1c49b12766c993e9685e6d98ad9b1ffe","seq":2,"sig":"f575c0e641d2927a82c359ca6bf1ed1b3e1a88aadd233ab0c9cf90dc71c6b350b8f0de442d35bd93e7a3db0cabd2035062def0a983df739df84adde4f4f54602","ts":"2026-12-07T02:42:07Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (15, 'a3d497fd3a5972a9', 3, '00e77b70f2dc2b9269aba878c56ddfcaaf0986976f89dd63be2e01a0c795a2a2', '{"body":{"events":[{"data":{"flames":["c4","e3","e5","e7","g6"],"magicians":{"black":["h4","h5","h6","h7","h8","h9","i5","i6","i8","i9"],"red":["a1","a2","a4","a5","b1","b2","b3","b4","b5","b6"]},"options":{"blind":true,"move_limit":30,"open_placement":false,"wrap":"line"}},"kind":"setup","to":null}],"owner_only":true,"state":"03fa96871f3f65b4ed96133ddda3ec98f1cdd827b56cac3b81fb7c9419223ed2","to_move":0,"views":["52a1ce5de1159a168a53b69623ff1f409576e5ccdee19962edf28d0e4df4ee74","c1208f302eac383ad22a2a89de50a301d1deb4189e33adb2b1dbb44b940c7ec8"]},"game":"a3d497fd3a5972a9","prev":"3672ee9f828a89e34954d26e05d8de70cc7399b57667bcc9b99789632507a427","seq":3,"sig":"39ae9365c2048b1c3da221926ad580442a9d5e2618315696808259aa11589d1d205873f70f6df78cb907bbb9b39017d685f1fa0f138b8ed8f8e2c153f224f508","ts":"2026-12-07T02:42:07Z","type":"start","v":2}');
INSERT INTO public.entry VALUES (16, 'a3d497fd3a5972a9', 4, 'dc9a63c390d107aaa414d67d2d7f8d2dd6d35e40308de8defb7319d3806e0d6a', '{"body":{"envelope":{"game":"a3d497fd3a5972a9","move":{"cell":"a3","type":"place"},"nonce":"517016a7fb064eefe4823cc6a5ed81ce6373b0f99c9687aa0e0dde4d62fce3ec","prev":"00e77b70f2dc2b9269aba878c56ddfcaaf0986976f89dd63be2e01a0c795a2a2","seat":0,"secret_commit":"73b168f4a105a2f131323ccbc5e505b129f9fd8dd83c76531cc7ecf0ffe7cdce","seq":4,"ts":"2026-12-07T02:42:09Z"},"events":[{"data":{"cell":"a3","seat":0},"kind":"placed","to":null}],"owner_only":true,"seat":0,"sig":"c4b531a7094799ad4ea343fa59a7fb54f6f408a9468efe3aacdd3620bbebbdfe388227af908fabf36796b94c0146535b581b103886982b732956e9b40a953f0d","state":"f92711d0293050851e557ccf9b2e3e6b4d2811bee230a22d765f59b77f63b06a","to_move":1,"views":["e196c197b172d6b570517ffe763914f3636fc0713b2a6fe5985f2823aac95b5a","da02c09b1a5d8fcb0c7cb1df2f7319b5d0587408f764dfbc50338ba94ad4f4bf"]},"game":"a3d497fd3a5972a9","prev":"00e77b70f2dc2b9269aba878c56ddfcaaf0986976f89dd63be2e01a0c795a2a2","seq":4,"sig":"a4c9cb104559f578184db86ea03ca715434ba7f3f7d57e424be288b68568becd29f05c2cbe954114e0ea8a1ad70c354fc1e36906e9a9c9341d8cb08a78b37406","ts":"2026-12-07T02:42:09Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (18, 'a3d497fd3a5972a9', 6, '98ccaa8229a852a1efadb5cbe72ddffb15a5c20e1e52fb9bc51732d5758f40aa', '{"body":{"envelope":{"game":"a3d497fd3a5972a9","move":{"cell":"g8","type":"place"},"nonce":"9ab0ec9c5b9c457ab33c1abe7dd2f621335d6e35ef5ee9b8be4646ce9dfd9c85","prev":"ae83acd1d270bdd46c684074533f9d107a918955f56f692fc4b045804a01b44b","seat":0,"secret_commit":"960b2af084893a917f42fc3f3d33d653ab73c08b4e1af59fc19a0481a3f8aa0d","seq":6,"ts":"2026-12-07T02:42:11Z"},"events":[{"data":{"cell":"g8","seat":0},"kind":"placed","to":null}],"owner_only":true,"seat":0,"sig":"483fd40e852c8dbfd7b644fa6a20ebdfabdcb91f5b621125a1a95cf570309253d4a4ae673ee8c2f5de4829afdfb8cd7ad655ae24ef65bb286de276ef552eed03","state":"decf990139105d96f38e97590726e6fde2cec7fa9063bf2449d188897cb214d6","to_move":1,"views":["c52234f357e89409fe46d677da90867081a15b626a38a978414b97e18c10bc69","15df0f139232d2405b2b5344fe03d74bf8ac41bac5d05cd7d06f85befb4581ad"]},"game":"a3d497fd3a5972a9","prev":"ae83acd1d270bdd46c684074533f9d107a918955f56f692fc4b045804a01b44b","seq":6,"sig":"761c894fd604ec30ba689b373295da1de05225f04752fbd901cf586ab52e5d9e78ad52a5568d6578b9151b894003c48bdb36214e18e929ae723730519b62d80a","ts":"2026-12-07T02:42:11Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (27, '04d95adbba616f35', 3, '47b4ff5fe4f5f86d7d3e972f0f1b665b70b2f6cf0eec29359b4d8f55a09b8722', '{"body":{"events":[{"data":{"open":true,"stock_sizes":[16,16]},"kind":"setup","to":null},{"data":{"count":5,"seat":0,"stock":11,"why":"deal"},"kind":"drew","to":null},{"commit":"386a7b094220adf94468ec531e6c72f1042a917feca5bdefa71cfb5c952de114","to":[0]},{"data":{"count":5,"seat":1,"stock":11,"why":"deal"},"kind":"drew","to":null},{"commit":"5dc227e48a6832b1c156f1f92223f70c4c49f65deb4ea7a962bac715821f09ba","to":[1]}],"state":"0f4fd9c106b8f5637cb0308457360f08388459eeb79beb37064841b4bd97e7f6","to_move":0,"views":["fa7adf2d6227c53ca71a1c74eee84a861a24004c8cb2cc55a0027e8337a4f6dc","3e58d016e504222cd9e735367998ce34318543dfafc1ecdf55474b8bd6ab0d4a"]},"game":"04d95adbba616f35","prev":"fe211a4ad5c50e5e6391e6e1a8fcd15e4e4276f43f7f42bb592cd8c704aa3080","seq":3,"sig":"cb6bf3246c692c439fcb3a0acb776d3053aef40380d8a8c2d16721d4d0fd8dcd8e2f7b4a26c5bc951d0d67eb4ebb87d8c23dcd363991de59961ae04f5fdf5b0f","ts":"2026-12-07T02:42:19Z","type":"start","v":2}');
INSERT INTO public.entry VALUES (20, 'a3d497fd3a5972a9', 8, 'c8b0e6ca7edd0f310c2cf840158596d782ad78b9796efb9f3f56d226894642f2', '{"body":{"envelope":{"game":"a3d497fd3a5972a9","move":{"cell":"d8","type":"place"},"nonce":"ebb16a8e757d66099816732892d9c2e5227e114ab3c7028911296746bb82d467","prev":"6277cb52c19aee9c4f6568170f443ea840e8c8cfeed633e68527aded18b5fdaa","seat":0,"secret_commit":"157d501c201b72afdf4b6435af7b730987c801c4c41ed30152dbab4cccfa8463","seq":8,"ts":"2026-12-07T02:42:13Z"},"events":[{"data":{"cell":"d8","seat":0},"kind":"placed","to":null}],"owner_only":true,"seat":0,"sig":"800811e88aa69f0b3e127b396e87730a7cab358a7bc8b391978b3ababfa06b2122e18b6337158625fb43b6c912fd92f771a647b65c562cdf850db79cd78b5b09","state":"fb6515a9b30bb87956aaea8d4e0eaf04f8795c53e7c90fcc405e42e80990d8e0","to_move":1,"views":["b0cda6cf5616151e4590c5ead0904f12fa643e1a7f1a8761f6a8d477dc15dfa5","a90030b775d279616ae2ba721bcfed9ea1eaec3ed3c0dc6dbed8a647527d88b3"]},"game":"a3d497fd3a5972a9","prev":"6277cb52c19aee9c4f6568170f443ea840e8c8cfeed633e68527aded18b5fdaa","seq":8,"sig":"a68e638d46148b5147b989788561d4a48385b2fa589862cb65c6881a062ca8536f9dc60de8f41810baf6cb27b3077eab86f6e4ef0875bbde34e0f0967377420b","ts":"2026-12-07T02:42:13Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (21, 'a3d497fd3a5972a9', 9, '0450a6a89d5956cb3b5ce316700ed718d46012d33e4f34ae600d88184955849a', '{"body":{"envelope":{"game":"a3d497fd3a5972a9","move":{"cell":"d1","type":"place"},"nonce":"85a2020054fe4a6df14b54fed7ddf12e73ca45bac79de08befb41f754420f458","prev":"c8b0e6ca7edd0f310c2cf840158596d782ad78b9796efb9f3f56d226894642f2","seat":1,"secret_commit":"bac56f472e903397e21df66d6fa1a4f89d804ae5a55a89ba91ec3e0302ae7df8","seq":9,"ts":"2026-12-07T02:42:14Z"},"events":[{"data":{"cell":"d1","seat":1},"kind":"placed","to":null}],"owner_only":true,"seat":1,"sig":"8aed3544020231946bb5a275c3df3aadcbcb048252665ad26b83af7936ace8f84781bcd5d82a5bff7dc8209f6f81ad063cba0e7a9e7368d970240e11b07c4203","state":"ba77c6a08959cebb6f306385b587714e8a7b494c16760c94733c6f1841cc913f","to_move":0,"views":["40e2f53bbd7c986a94f41a9b41fcf3a2e4d557b04ffb43c6c28ad74cc2987acc","f462c16973ba2949c7791397dd05dc160b108468e0a12c60fb8e034c68d3d622"]},"game":"a3d497fd3a5972a9","prev":"c8b0e6ca7edd0f310c2cf840158596d782ad78b9796efb9f3f56d226894642f2","seq":9,"sig":"518e8bb55e72effdd055e5ec61d7352ea2d17e1f3d216d0f2eee5a8d8a2684911e9740c48b9df93a18eb788ab201b434d8342ead590a265977cba388ff63c60d","ts":"2026-12-07T02:42:14Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (22, 'a3d497fd3a5972a9', 10, '693309bab27fa4b4d78af7295d93ab74fee5b4679a34c42095a0a67409366e6f', '{"body":{"envelope":{"game":"a3d497fd3a5972a9","move":{"cell":"f6","type":"place"},"nonce":"ec18ee64d9b35225503f5224992f69f6d8ad7f920a1a64c9afcb4474cc96b91a","prev":"0450a6a89d5956cb3b5ce316700ed718d46012d33e4f34ae600d88184955849a","seat":0,"secret_commit":"0ce2b0ea7bffedf65146d54d911892bd004d1bf366e9db5d72d64e0e4f8840e6","seq":10,"ts":"2026-12-07T02:42:16Z"},"events":[{"data":{"cell":"f6","seat":0},"kind":"placed","to":null}],"owner_only":true,"seat":0,"sig":"2fe74e0f80d7f955093ee0632daad335a59769054e5259be46d1b34ba9175c6f7843e5e80f0f9fc11770ee9a6907c16383bb6faa8841405bda4bafbbb341dd0f","state":"c52a00c2ee2e000f9b51033bf6f0bf9bd9e233602ddb9d342960a4700bd55914","to_move":1,"views":["4b5fcf62068c0b8611baae9e247a01e0f5c7543e2667ade5636e8f2d419abf5f","edfb6f01064b3fb28b3006a67bff00183b4e700c2d0f047bf7a6333bff18d78a"]},"game":"a3d497fd3a5972a9","prev":"0450a6a89d5956cb3b5ce316700ed718d46012d33e4f34ae600d88184955849a","seq":10,"sig":"db1f9446b01cf63a1d6b6a202271c4ca0e4ac50bcff6a85655ac7637c2317183bbb98d903ee1991d84931954b5c2e7ccf5fe8e0b00b01e023842377b8129b50c","ts":"2026-12-07T02:42:16Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (23, 'a3d497fd3a5972a9', 11, 'dafb45f87bdb8a8a0cfda89a003650a6e105c5da167227fd4fc54666b7af568c', '{"body":{"envelope":{"game":"a3d497fd3a5972a9","move":{"cell":"d6","type":"place"},"nonce":"c7d76056d53bae6ef7e78f690ebfc93ced4e956590311d72fb61d7bb3bf53743","prev":"693309bab27fa4b4d78af7295d93ab74fee5b4679a34c42095a0a67409366e6f","seat":1,"secret_commit":"d8ca9d11bc66ac1ad6fe5a685122abd0b2cdcda266e8417aab5e769e705ed1a2","seq":11,"ts":"2026-12-07T02:42:17Z"},"events":[{"data":{"cell":"d6","seat":1},"kind":"placed","to":null}],"owner_only":true,"seat":1,"sig":"23fb96bbf70b2ab22a1f9161fd58ca28ae41f515539cc5611310cced3ddc514d1b5116b915789d4789500b5b20960114ce2e8aca104684de34b3a6fcc0dedf0b","state":"22555ca47a09179b530e7a9e15bcf56422988534d546f27359e4e7065a973a7a","to_move":0,"views":["b3d5308160e5056d00976cd6aa84aaba255ba2d863c46f176176faf868a0a278","6a82b4c5e3608fda8fe420616d60df2d712e689606ad002caba16566ce8efd73"]},"game":"a3d497fd3a5972a9","prev":"693309bab27fa4b4d78af7295d93ab74fee5b4679a34c42095a0a67409366e6f","seq":11,"sig":"7d6ec855c105675a2d7ad0cc62367aed40e32880c00023f00cb37c7b6d20288d8fafd4d47e8ef4e94c736096474e45e74c5216a2bfef4f6a369a16153fe64000","ts":"2026-12-07T02:42:17Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (24, '04d95adbba616f35', 0, '115a61e29d10432678212728c4be496fccd56b0654cfe518d8051ef8ba96cd17', '{"body":{"engine":"cavemen","engine_version":"1","options":{"open":true,"round_limit":3},"seat_names":["Red","Blue"],"seats":2,"seed_commit":"ea47973bfa913f2591e52574b3306b5ccf75ba4956e53e7ac7ca9fb51e787cce","server_key":"744a8e55861e12877549ccf2e7eca5fcd6130f99002a9ce2882374469e5ec1dc"},"game":"04d95adbba616f35","prev":null,"seq":0,"sig":"180b5c6a996a33b6b805c1af29ff8624b3ca3aab9b3ce37fda77eaeac8b5838b12df59d684293d0c4427f072dfa665aaf3bb6a10750ba398ea0f16f9fc27bb0a","ts":"2026-12-07T02:42:19Z","type":"genesis","v":2}');
INSERT INTO public.entry VALUES (25, '04d95adbba616f35', 1, 'd5aee5a167ff33a5bf392c42fe86d331fc1c48c014f738238393aa9e0b33a138', '{"body":{"key":"e3c482729fab6a6f4efd59bb08f8b649f0ba84c5b734c0d2cba17ae7e110b665","name":"cy","nonce":"f18aee46da7f89a243fcc5d7cf8a11ec20ae378a1cd0c727f5c8053af5b4b2f4","seat":0,"sig":"51999414e6ae432bdec09ec66145dbce51eef5b8f3dbf9fd79c5e4738b48c0563dbbe95b705e06cd4f59c80b82d81703457cbb0613799e1d8383ff66b863ef00"},"game":"04d95adbba616f35","prev":"115a61e29d10432678212728c4be496fccd56b0654cfe518d8051ef8ba96cd17","seq":1,"sig":"880d5b08f956aa0bfe3efc48dda31057f87f1ef263a4356cc88f4eaf7bd89fe58b8f271cb05a013a0519a7e79ba09c0aec11b93b06cb58b5e800ff29bb79b40f","ts":"2026-12-07T02:42:19Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (26, '04d95adbba616f35', 2, 'fe211a4ad5c50e5e6391e6e1a8fcd15e4e4276f43f7f42bb592cd8c704aa3080', '{"body":{"key":"3aa63e414ff0eff83d4ac3f1c7648ec48f3fa4b982578b1aa3434d923e0e431c","name":"ada","nonce":"b15c83d9161cc24ae135d81aca6be9d0eb414796d81db172553903d865b376fa","seat":1,"sig":"99e86f3b3782c03ab3a184e21a2245f2ac5826babbd0a9db01b93201fb6549e2c34fe5661cf18a4f459c295eaa9bd29264af1e93f312302e0d2b748356a67b0f"},"game":"04d95adbba616f35","prev":"d5aee5a167ff33a5bf392c42fe86d331fc1c48c014f738238393aa9e0b33a138","seq":2,"sig":"3ba802ed596d931803d5ef6378ef170556f738126d21726d637840a1e68bc967e15ebbe8f9b07d472574d76a9402f1419f4253a9710597ff89d518c9aff68804","ts":"2026-12-07T02:42:19Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (28, '04d95adbba616f35', 4, 'c2cccf954106038aeae83fe6f5ba06200fe7ee673c4900272f1118b34c93a3be', '{"body":{"envelope":{"game":"04d95adbba616f35","move":{"card":"cave","type":"discard"},"nonce":"cd94c42face04740231863a2bdc1d07003ceb79561b497f2b7c6a1cabfcc74e8","prev":"47b4ff5fe4f5f86d7d3e972f0f1b665b70b2f6cf0eec29359b4d8f55a09b8722","seat":0,"secret_commit":null,"seq":4,"ts":"2026-12-07T02:42:21Z"},"events":[{"data":{"card":"cave","seat":0,"why":"redraw"},"kind":"discarded","to":null}],"seat":0,"sig":"2665cf4fcdeda2ab32d0355159e31dd78e29dbb22afcf88c2e736e0381a3f04c2d65000b712b380586be53a927fb6a898557b43a224b6567f4bf6b9908943702","state":"63967a75c08ce4ed8f72bc025fb159df17716e31128fc084d42ec1893ef1f618","to_move":0,"views":["6f5e6d68752e423a7151be9ea83bbe1fbcad0d7afb5621e985984ed3c444b1d0","b06106ff69634543afa735e2f29e3c99b35343b14ed3f1e2c52292bb7c1d9d76"]},"game":"04d95adbba616f35","prev":"47b4ff5fe4f5f86d7d3e972f0f1b665b70b2f6cf0eec29359b4d8f55a09b8722","seq":4,"sig":"61e351108e719c1598e45051a650a58addafeb73cfd8636bd9c796b4beeb4c7d6d21f061c777c92fdb74c93eadb154e1e979e3fe938638f901c81736da598a04","ts":"2026-12-07T02:42:21Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (32, '04d95adbba616f35', 8, 'e69580a4a8f398ad3e93d82403cc23128024aa3d417463e80afefe39d01a9f41', '{"body":{"envelope":{"game":"04d95adbba616f35","move":{"type":"end"},"nonce":"e7287ea5e4fbffdde4eed73846a2b91341ca62108b7dbacb25fb221cec823785","prev":"858a5970af685d2f1b8077fc4034a9d4ed3f46a8c5c04e46ca99268fd1f39970","seat":0,"secret_commit":null,"seq":8,"ts":"2026-12-07T02:42:26Z"},"events":[{"data":{"phase":"place","seat":0},"kind":"ended","to":null}],"seat":0,"sig":"8b3011297fff49d45465feafc6aef2afbce5eb34c5438ac146760913f7cd45d44ac73e828b0f8d37cbb18f5d00d162a001bc420b7634b028cc1ded33d768e40d","state":"fc0b4213deda813d343b901cb566be4e74fae02afc9c16235c6fe529a894925b","to_move":0,"views":["d81acb59c5cba022f8225ecf953808f1f8ae5aebfc923c25247db552096411d5","cacdcf5a14057a73b1d30d436b46985a34485ac338d6b25a40bb68515f409e61"]},"game":"04d95adbba616f35","prev":"858a5970af685d2f1b8077fc4034a9d4ed3f46a8c5c04e46ca99268fd1f39970","seq":8,"sig":"ce307a5de0555bb637bebef2ca5c06f9818c7f48ec03ed2db1a0d4cb03644737e872f94d3affee8db2408432882589b7f7c4f6785376953424e667ca6efaa407","ts":"2026-12-07T02:42:26Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (35, 'e7794fb0f4b14b89', 1, 'b5119f9746e2057906951af83177f3c5ac4244f76115ee09d9cee5b22212d6f3', '{"body":{"key":"3aa63e414ff0eff83d4ac3f1c7648ec48f3fa4b982578b1aa3434d923e0e431c","name":"ada","nonce":"0fccc0954be5886f3749c2d7b871467349f1687ec56da52ad3928ec84edca6c2","seat":0,"sig":"bed79937a73fd229765ac4fcbe4b9443022d156ec4613cd5bf20d7ac6aebada539ce7466bea0aaa0e415c5ec8f10fc90d002b101058e2aac0a333c7eecff4d0a"},"game":"e7794fb0f4b14b89","prev":"5d94aa437508af821cfa3f41f542371367104e309458460891eab909ba337686","seq":1,"sig":"3957b4a237d8d378eb5e3cf254efc0af6db2f000e387292ea5b9964ac103e95c04ea897df3023fc010065de9dad1ec7975d8121c5be78073f548cf4047604a0e","ts":"2026-12-07T02:42:30Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (36, 'e7794fb0f4b14b89', 2, '2aaa0d38c6b85497a80d133ce4aa140940b7400a11058236a98cc419f860a83b', '{"body":{"key":"f956a3cd21f2c4b5dfdacc1dbca94985fd6d87614e2bc93f35286e75100f48fc","name":"bo","nonce":"f4e5f2cafd8f18cd2a37bec0569683b5324570bda488707d2c40f039d30790cf","seat":1,"sig":"69d67ad4251483f0aefc91def172357acecb9664f089d3ec062e1a9719ac9475872bc73fa4fe293b23ccb80c0fc3c48ec2fd5cfcc60a07a649c953aa9d6afc0e"},"game":"e7794fb0f4b14b89","prev":"b5119f9746e2057906951af83177f3c5ac4244f76115ee09d9cee5b22212d6f3","seq":2,"sig":"2351ed6f2acbeb7065a5e14f075e86e3abed08fe7ffe4a478e3a36e1b0014db8523ebaffb536584867c15dc8ba563aff220517ab2bb169978ffd205c50896c08","ts":"2026-12-07T02:42:31Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (37, 'e7794fb0f4b14b89', 3, '7c374fa0158a48c54d3810943bb47aff82c4616a57c72643b1130e5528d300ca', '{"body":{"events":[{"data":{"open":false,"stock_sizes":[16,16]},"kind":"setup","to":null},{"data":{"count":5,"seat":0,"stock":11,"why":"deal"},"kind":"drew","to":null},{"commit":"9dc72c55868f7314926dbec20290025bcff9154d5e52d128a5d4cae29a178e8d","to":[0]},{"data":{"count":5,"seat":1,"stock":11,"why":"deal"},"kind":"drew","to":null},{"commit":"11b6c9d15c0cae7f37149dbd46f1bb204daeea73861f663d15938d20a1ec60e2","to":[1]}],"state":"b18b11c7890608281e5fbafa20a38d3f37b477adc5bf3a62203de1d5fab9f3b6","to_move":0,"views":["ea068518972160054f4dbe43bc71891b97d56212034b3b73d5f29aaac3757052","f0130a846d5a2e61e1bc37fc3a10438609dc47b1f5d1f4c4166b6109871ad504"]},"game":"e7794fb0f4b14b89","prev":"2aaa0d38c6b85497a80d133ce4aa140940b7400a11058236a98cc419f860a83b","seq":3,"sig":"22650c12f589d56b5909c1d9ed4e0260c7f7ba0d8ada788b0da88739260318d55b35a6c7e9dca818ec80a3ec75d7a1cdb6af106f242729aa435244e989dbc208","ts":"2026-12-07T02:42:31Z","type":"start","v":2}');
INSERT INTO public.entry VALUES (38, 'e7794fb0f4b14b89', 4, '79cd15959b0781651a1b34762fc77cc2c72c340da02cf72816e11fd05de6a705', '{"body":{"envelope":{"game":"e7794fb0f4b14b89","move":{"card":"cave","type":"discard"},"nonce":"3bf1b9ca93e532416a7481cbc6b39da66d896ab992175dd4ba7055e2ab43ac42","prev":"7c374fa0158a48c54d3810943bb47aff82c4616a57c72643b1130e5528d300ca","seat":0,"secret_commit":null,"seq":4,"ts":"2026-12-07T02:42:32Z"},"events":[{"data":{"card":"cave","seat":0,"why":"redraw"},"kind":"discarded","to":null}],"seat":0,"sig":"d060d26d29656a69f7d85bab0673dda07389bd2c4357ac2db26c15240b665b975d5044103035831906c38c6713e139171c0255f6958ae820c5780921df607c0f","state":"6eac04dcd1bfc52bb9c3da14030062c9425bf570d857e898dd60124fbb11116f","to_move":0,"views":["36f77b38709ddb65d1df8474e7e27bf2c457fe6ce71a08463750c137761d7e59","d9dc76f79879e1a38bdfcbb0381a8418d19aa4411a3aede2e2d979831064c1da"]},"game":"e7794fb0f4b14b89","prev":"7c374fa0158a48c54d3810943bb47aff82c4616a57c72643b1130e5528d300ca","seq":4,"sig":"b96c52961ad0c91c20e3caf2db9a61ef4c61373a71430967724b4fcdf27b6f9751a9895a574d71b600b97f17a9c74737397a94a4e1743fddb4b596684f0a2f03","ts":"2026-12-07T02:42:32Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (39, 'e7794fb0f4b14b89', 5, '41e86405d621048b752392c53237a7f4a7180170e69c32aaee3450e95c429b7b', '{"body":{"envelope":{"game":"e7794fb0f4b14b89","move":{"card":"cave","type":"discard"},"nonce":"3a461322b7697ac67a1731ebb682c58e8c3330ce230bc2a647fbc619170fc165","prev":"79cd15959b0781651a1b34762fc77cc2c72c340da02cf72816e11fd05de6a705","seat":0,"secret_commit":null,"seq":5,"ts":"2026-12-07T02:42:34Z"},"events":[{"data":{"card":"cave","seat":0,"why":"redraw"},"kind":"discarded","to":null}],"seat":0,"sig":"170985fa63db63a1b6cde9646b9a52b502cccf60be8d17b2a1418bba8c32ac78821a54e2b30b4c6a21ca5d518d754153be42294096fa371f21eafc632358bc04","state":"83f0d393f81e353c9cb24c0d1b6ca6157f2330df78b1451b6fb8e8a476504de8","to_move":0,"views":["1753c037c2405f92d00ac5e725ac57e6d41a1674efb0b0e6c27797cb4b00a2d5","b9cb15b9174ae987078f27b46867ae52b71937ae9031e35a94acdb36ca60f11d"]},"game":"e7794fb0f4b14b89","prev":"79cd15959b0781651a1b34762fc77cc2c72c340da02cf72816e11fd05de6a705","seq":5,"sig":"2ecffa634d5f0ad79faafe2008ed6b77cc4ab75cc32ba78037945e32412932cc1d2ddeec9b15109f443892b3aedf0b68f8cc89067312de5ce5c76f0900cb6103","ts":"2026-12-07T02:42:34Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (29, '04d95adbba616f35', 5, 'd80da52255de1517193b0f23130fa807431d6eff2602a3d7e5bad350850f664b', '{"body":{"envelope":{"game":"04d95adbba616f35","move":{"card":"cave","type":"discard"},"nonce":"358756b4e1eadc32164ffbd575aa86654331a6bbf73ea2e8dcd164042e9b6415","prev":"c2cccf954106038aeae83fe6f5ba06200fe7ee673c4900272f1118b34c93a3be","seat":0,"secret_commit":null,"seq":5,"ts":"2026-12-07T02:42:22Z"},"events":[{"data":{"card":"cave","seat":0,"why":"redraw"},"kind":"discarded","to":null}],"seat":0,"sig":"4b04221154ecf46edd737f9b5589e751999e504f0d9e0cbd4a97a770e6298c8297decf8b251fcec35ea5bfe808d5f701dbb382256aa20ff2ac24995aad9bf101","state":"d567d9af2d1b623db7b592469266d35c70e2b0c8ad483b79c08494abe7f69ec0","to_move":0,"views":["605517b551da95019552a112d3b06bc593b343bd1fb1d72dc60286e35a5b4e99","15bf49034107d4e07d6f620810c17616f83dccd0a78ab577ee5f7c6b9345274f"]},"game":"04d95adbba616f35","prev":"c2cccf954106038aeae83fe6f5ba06200fe7ee673c4900272f1118b34c93a3be","seq":5,"sig":"f7d6df24a082bba3edfff6c49b39f4fa370b83278744664cd49d84d399a8da5261d62b1080b769b25bcc8c44eb35be68c8163e40ee0f1241f7ee72adc5284f0e","ts":"2026-12-07T02:42:22Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (30, '04d95adbba616f35', 6, '45cf9451b10285d3f20c1af9e279e0868ff4980556c866ddf422a786a58ed5fd', '{"body":{"envelope":{"game":"04d95adbba616f35","move":{"type":"end"},"nonce":"c11a3ea5659b951808efccd66b6a7148905dcb6f2f2ca588ed4152a2a069660c","prev":"d80da52255de1517193b0f23130fa807431d6eff2602a3d7e5bad350850f664b","seat":0,"secret_commit":null,"seq":6,"ts":"2026-12-07T02:42:23Z"},"events":[{"data":{"count":2,"seat":0,"stock":9,"why":"redraw"},"kind":"drew","to":null},{"commit":"739f47cffdbb99519d514a8e3765df4737a4b0b6f9e134d5c1591b60a7b9fe55","to":[0]},{"data":{"phase":"redraw","seat":0},"kind":"ended","to":null}],"seat":0,"sig":"135c80150cdcee3901539428b45df91cfd07bab8df07e002069ec39571a8574852be222ab06ff2525fbd45a3bcff843cd34ec704cba51217ffff7609c2b6e107","state":"0a0c2ab63ad2da9273d9d84cce37b3f5b8fed20af0e1c0c7ca4ec7b492ac7603","to_move":1,"views":["1d889d9a071825497c3fceec76f96f4233414706e4e5412d81993d2b184c7b1c","1a86e0dabb856e02eef45e613a445fbd1835daedfa71b9356edbf9cf34e004cc"]},"game":"04d95adbba616f35","prev":"d80da52255de1517193b0f23130fa807431d6eff2602a3d7e5bad350850f664b","seq":6,"sig":"0315ccd160fd1c6783c0aae6cb5d0aea97a94a6d1622e49de7f188b5d66357ed01ee6a523917892f0c5bd5ac101d6d3cd4096b8c1844dd65665d401079ae2607","ts":"2026-12-07T02:42:23Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (31, '04d95adbba616f35', 7, '858a5970af685d2f1b8077fc4034a9d4ed3f46a8c5c04e46ca99268fd1f39970', '{"body":{"envelope":{"game":"04d95adbba616f35","move":{"type":"end"},"nonce":"841d32ad0f0809022b392dc5d6723cbdca107a998c8bd5b82fe3d6e280e8d8b2","prev":"45cf9451b10285d3f20c1af9e279e0868ff4980556c866ddf422a786a58ed5fd","seat":1,"secret_commit":null,"seq":7,"ts":"2026-12-07T02:42:25Z"},"events":[{"data":{"phase":"redraw","seat":1},"kind":"ended","to":null},{"data":{"seat":0,"turn":1},"kind":"turn","to":null}],"seat":1,"sig":"b14b2d12b3cc61cd292a6a590e97fa88a8388e6cf9a1c6851a682a8e3c5d45840e64552bdfa150a0b7dcb460d79e8b7e5d8dedc8b56a8807544d604193c36d03","state":"70b9fb303ccdbdc43c5b108cd9c2856a1d8c3ab5be3c0519f2e8d9518dae704b","to_move":0,"views":["bdfd4bc0d08cde0da043edac5e559228d3f5b58a9f546587c8b5026325ea7092","e07f2397938d19f24f94a6b3776e61df3d23a48a051ff9edaabb077d4dc907f0"]},"game":"04d95adbba616f35","prev":"45cf9451b10285d3f20c1af9e279e0868ff4980556c866ddf422a786a58ed5fd","seq":7,"sig":"2220db91029f26a62d27a7d5e05126f20bea8edb23ccd3cceafe47c0bb2f2a33b4ddd554bfc46db69e22ab5b2e2b260b145c18be1cdd1e378631c5ac9164e407","ts":"2026-12-07T02:42:25Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (33, '04d95adbba616f35', 9, '4e7080ec726ddd438c9e3a89c36de631169c0670afc024a75839695faca4004e', '{"body":{"envelope":{"game":"04d95adbba616f35","move":{"type":"end"},"nonce":"8cdd52b79eda69c18a3d64d6ee4f554dd84c4ad38a3d867d34d1d67bb4064cad","prev":"e69580a4a8f398ad3e93d82403cc23128024aa3d417463e80afefe39d01a9f41","seat":0,"secret_commit":null,"seq":9,"ts":"2026-12-07T02:42:27Z"},"events":[{"data":{"phase":"discard","seat":0},"kind":"ended","to":null},{"data":{"seat":1,"turn":2},"kind":"turn","to":null}],"seat":0,"sig":"5b46f118815704a0f41204d6525a2fead79b0c930f1a1ba39fc7a046ea54c8eb11c58b320aaed0ac9feed225335989be16a8cae170abfa1548bccee8f5cdf600","state":"2627d76a84ac8e25b64c10017771550abcd78dc4eb3eaab7527ef989e483abfe","to_move":1,"views":["5eafb942d489f3ad5ee359bfbe65a319e9e3399d0b265fae955fa9141cbfd381","7f62b9034ecbf6a6d8832a48ce7ff96fca965f7f06387eea0d1e6382e8cbe4ba"]},"game":"04d95adbba616f35","prev":"e69580a4a8f398ad3e93d82403cc23128024aa3d417463e80afefe39d01a9f41","seq":9,"sig":"5bb112562be3797069c4d551edc818c5b877bf48a4ee8f14e4511abd77ae5370e9d472c0e0c208ebb4fca810c8bd94220391f23eb3a204d35cc23cfbbcd83701","ts":"2026-12-07T02:42:27Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (34, 'e7794fb0f4b14b89', 0, '5d94aa437508af821cfa3f41f542371367104e309458460891eab909ba337686', '{"body":{"engine":"cavemen","engine_version":"1","options":{"open":false,"round_limit":3},"seat_names":["Red","Blue"],"seats":2,"seed_commit":"e1b6e322d19bc2324ecc151cc397e2798c0a8ddc817936d25c12df90b8904ac0","server_key":"744a8e55861e12877549ccf2e7eca5fcd6130f99002a9ce2882374469e5ec1dc"},"game":"e7794fb0f4b14b89","prev":null,"seq":0,"sig":"e84910bfa8f8f286fdacfe277fc55bbb19ece78ebebcab818bf3f1d75edc4309aa8121609a9484e8c23a8888b7d58683a67a9f18683b7b45d18be56d3248c307","ts":"2026-12-07T02:42:30Z","type":"genesis","v":2}');
INSERT INTO public.entry VALUES (44, 'e8b1b9f8f97be8c4', 0, '8d74c2d33679ab7a3107ca18c933bf2df8c76e4d7d1e9daed954d3e223bc6709', '{"body":{"engine":"siedler","engine_version":"2","options":{"brigand_grace_turns":2,"brigand_loses":"gold+wool","target":4,"variant":"tournament-new-players","windmill_needs_city":true},"seat_names":["North","South"],"seats":2,"seed_commit":"0ed4c852c65685a8a405f61df80263429f3b3cea0b0b855c8469e82266de2a95","server_key":"744a8e55861e12877549ccf2e7eca5fcd6130f99002a9ce2882374469e5ec1dc"},"game":"e8b1b9f8f97be8c4","prev":null,"seq":0,"sig":"0d473be16b2845ff415d10e76a30597ef7370042bd2e8529a2ffd67808cd7eb1904ba7031a74bd8ed4cca4a514b2a01baca240aa4f322663870a445ccd41400b","ts":"2026-12-07T02:42:40Z","type":"genesis","v":2}');
INSERT INTO public.entry VALUES (45, 'e8b1b9f8f97be8c4', 1, 'a016b2d45a08837bbfbec7bb49c1080302589ef45220ed3883e1021f0c300902', '{"body":{"key":"f956a3cd21f2c4b5dfdacc1dbca94985fd6d87614e2bc93f35286e75100f48fc","name":"bo","nonce":"479298f6cb5ca0b02eadfed5ffede039833b34edc6689ab8f05ffbbaf74eb95f","seat":0,"sig":"1f70ade3d37a77b98b41a842ccc9152bd451736c70ef614cc1b71dfc7fa2b48500fe69a29b939370730b11cf9452acc22433c97071bf2e000a9b629a9202760a"},"game":"e8b1b9f8f97be8c4","prev":"8d74c2d33679ab7a3107ca18c933bf2df8c76e4d7d1e9daed954d3e223bc6709","seq":1,"sig":"74cf29a6d454f8c50f1e28dbcaec45f2992031c295f669861de985a57db1108965704bac8018f05e04116af58bf4d9265e16c6039879db3115a5d937981d6409","ts":"2026-12-07T02:42:40Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (40, 'e7794fb0f4b14b89', 6, '6f57e167bf68a035c3c2d950698ff9200eaa13dc187942919af868e5576a22e1', '{"body":{"envelope":{"game":"e7794fb0f4b14b89","move":{"type":"end"},"nonce":"8881e7dbb7c3ed55554da9d91afbaf227a796a795896713d49233aac9c2f0b3a","prev":"41e86405d621048b752392c53237a7f4a7180170e69c32aaee3450e95c429b7b","seat":0,"secret_commit":null,"seq":6,"ts":"2026-12-07T02:42:35Z"},"events":[{"data":{"count":2,"seat":0,"stock":9,"why":"redraw"},"kind":"drew","to":null},{"commit":"e92a6ad7f0dd5f26ce2ebc35fea13ee392760755611468edf5c231c32175b1a3","to":[0]},{"data":{"phase":"redraw","seat":0},"kind":"ended","to":null}],"seat":0,"sig":"d66d17dbc48e349c559fc9cd8ef7f363c0131397606a3b7c25ca4e52041c7f2315529d4fc0a589c9d9845155dbe50e00808c7ad58d5ddeaf6ff1fa4964e1e20b","state":"12385e7299340b668a545c7227de0b38d60c278f2662f1a5926c200271a676de","to_move":1,"views":["476885f2c00194d636cb6334d046cd585e42e2dcfa24b93a703caf08bb91dbcb","6f0ba743ba1a4c658418e7f9fb51ccc980d218563715f342d8469ee914e0bdcd"]},"game":"e7794fb0f4b14b89","prev":"41e86405d621048b752392c53237a7f4a7180170e69c32aaee3450e95c429b7b","seq":6,"sig":"54f9b51588e2ac2215ce06ccd35c92e4dd69aee1f3ba99277b909f38df4b9acaba4908dd20394c9fb728a7bcf31ae1a7d23404cf7608aae45ea12bd534783c0f","ts":"2026-12-07T02:42:35Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (41, 'e7794fb0f4b14b89', 7, '454ae1fbedf134c7608ea3d16e036b33126a174d1b4518700087fa7f1218a315', '{"body":{"envelope":{"game":"e7794fb0f4b14b89","move":{"type":"end"},"nonce":"86965acf4512cd0ab4ee7199d7f6742b354db4d61ae5401899e151750552aac0","prev":"6f57e167bf68a035c3c2d950698ff9200eaa13dc187942919af868e5576a22e1","seat":1,"secret_commit":null,"seq":7,"ts":"2026-12-07T02:42:36Z"},"events":[{"data":{"phase":"redraw","seat":1},"kind":"ended","to":null},{"data":{"seat":0,"turn":1},"kind":"turn","to":null}],"seat":1,"sig":"da9f9674494f761b13d7d91cfec57a38b70b5fada98a2211e7ae5c05ccfc2057f6ad0ac209a20a422792700562d8760b9015e4ab3e7e81a450d7da8ec3280702","state":"f9378a2c8d5d4779edfc4a34bdd4c586641fe207935b293953c867299bd32497","to_move":0,"views":["6314a58e83cca2a16dd2c688dcdbadf449095becaf1a81e2ae815e2462066d0b","b74062692d6d8406ee0378e59adf6921120206d81d65c62c9069a8a8089a20c9"]},"game":"e7794fb0f4b14b89","prev":"6f57e167bf68a035c3c2d950698ff9200eaa13dc187942919af868e5576a22e1","seq":7,"sig":"cae20bb4768bbc898c3df8ac173cc3c52b20ca34a6d03c2f55d58e2a2203e82bfdd1d23d60ea7e6756e21c8c0dcee444587d9522d0dafa976596d3391c149806","ts":"2026-12-07T02:42:36Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (42, 'e7794fb0f4b14b89', 8, '80c77f9b474f8146fa7bb42e560e14726bd8254616ae62bbca6dd889423dd753', '{"body":{"envelope":{"game":"e7794fb0f4b14b89","move":{"path":2,"row":1,"type":"place"},"nonce":"092f62c3cbb9e14452c65d193404188eecd9f73f79e2dda5fba0fd11301be042","prev":"454ae1fbedf134c7608ea3d16e036b33126a174d1b4518700087fa7f1218a315","seat":0,"secret_commit":"e0a76058409f5ff377a98cd86eafea20230adee902527680588abb157c0c160f","seq":8,"ts":"2026-12-07T02:42:37Z"},"events":[{"data":{"path":2,"row":1,"seat":0},"kind":"placed","to":null},{"commit":"677322af476917773de81b6a9dbfd2c8887e344b77cf8a395b2cd1e9c1774e52","to":[0]}],"seat":0,"sig":"86cce7270cdc8825ec7788b370222d81d15f1e16cca85594af0012c7d7bf277956091ad5bebd506f06c6b153a0d33f1ae818825cf2b003d0f9104019b86fa00a","state":"a4604d78c80104a2e8503199c1f2220cb0769ef79a5247d164583705ba467986","to_move":0,"views":["6f3e4ddade869336f30aefc5bfbdb0408303d1c3ed77a4dbd53a93a783d6fefe","ef0c0c7e7dcd395261c149f6996a938041deea76ef4a28eae04f9d0184635a3d"]},"game":"e7794fb0f4b14b89","prev":"454ae1fbedf134c7608ea3d16e036b33126a174d1b4518700087fa7f1218a315","seq":8,"sig":"8e67fdfd20603229753cf9e862f68e2e14c559f83ece7c467a8accdf0a530852c0e054b607e68b2b8a94149d1192d051d921ea128fdeff158e61d02c847f8e0a","ts":"2026-12-07T02:42:37Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (43, 'e7794fb0f4b14b89', 9, '01819c9268f505e00fced5baaa09248ffd018fdcc2335f1289eb8633ea01f65f', '{"body":{"envelope":{"game":"e7794fb0f4b14b89","move":{"type":"end"},"nonce":"c479a754efeec6e7921f614030cf0124b5fc1a317d6355a2de6e69fa0a2cead5","prev":"80c77f9b474f8146fa7bb42e560e14726bd8254616ae62bbca6dd889423dd753","seat":0,"secret_commit":null,"seq":9,"ts":"2026-12-07T02:42:38Z"},"events":[{"data":{"phase":"place","seat":0},"kind":"ended","to":null}],"seat":0,"sig":"c37d77c1279512418245ebe3061f84e9d336676b4b20f1c139d75c36042379e43a4afe8fc9b42335a8de21e32ee2cfdea8d34b5a5f55fcdf9946f5ae91e90203","state":"046e2d34926cfc3a35f8ff1b576e87c86741fd35fac8f0f6df63e1332821d129","to_move":0,"views":["f529ef8a08e9bd2fd3adef781ffeb7d75fb1fcf0dec02d75584072bd0351228b","7c3f8b4dd648493560385289c6fc154ad5f1afbc6aa1858a0ac2fbcff84123ae"]},"game":"e7794fb0f4b14b89","prev":"80c77f9b474f8146fa7bb42e560e14726bd8254616ae62bbca6dd889423dd753","seq":9,"sig":"2900adce8fcaea8d9995bee18f6846afb5520a6c55f9bda30431ce0b102b807cd070c673a28c30ea9cb4c3916aa0a30dcf62e54f7cd66a028f7f414373083f04","ts":"2026-12-07T02:42:38Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (46, 'e8b1b9f8f97be8c4', 2, '8968df23d2d5bbc9ac238b26059069019a8a4fbdef058dcde652c4fac71ca77a', '{"body":{"key":"e3c482729fab6a6f4efd59bb08f8b649f0ba84c5b734c0d2cba17ae7e110b665","name":"cy","nonce":"f7b6e2de60ee97f5d3d0f4902005f6b44620bf788944a6cc36cdd4b26adefc8c","seat":1,"sig":"b941a2340e65ecf7f792c8f0cd95850f5f6ec9bf3534b56592c452e6305fc8085402c9ab57bb45d1d967569dd356a18c9ba851636e3a3c69e9586512da108f02"},"game":"e8b1b9f8f97be8c4","prev":"a016b2d45a08837bbfbec7bb49c1080302589ef45220ed3883e1021f0c300902","seq":2,"sig":"8df6d0e3b15b0a481f90e0689c76dc8e985bc24aeb690db8a28280c395520c9e9bc13272f8505807b58159f6eea1775446e13166c4d2740e49ebce598f39d20b","ts":"2026-12-07T02:42:41Z","type":"join","v":2}');
INSERT INTO public.entry VALUES (47, 'e8b1b9f8f97be8c4', 3, 'be98e29d784b1f25531b4d5a0c90b985e0efbb1f95031c426ccf67a8a501f30e', '{"body":{"events":[{"data":{"display":["university","university"],"piles":[13,13,12,12,12,6,6,5],"variant":"tournament-new-players"},"kind":"setup","to":null},{"data":{"rounds":[[3,2]],"start_player":0},"kind":"start_rolls","to":null}],"state":"dbc29a5ab3bf104282d2a9e74a2be3a0e3ff967f65f3827a27da302321c759de","to_move":0,"views":["d29aef649b818268dc3db8571e4616d84e24b60220674ed66bf76763819737eb","d5c4f72a46773514b4d02944d143959fb8365d0e697dbc32e07f1806fc1aabf4"]},"game":"e8b1b9f8f97be8c4","prev":"8968df23d2d5bbc9ac238b26059069019a8a4fbdef058dcde652c4fac71ca77a","seq":3,"sig":"6e8bc04058b8d54702f89220aa380590ac7ac15fb76150a999e7ea49d45435e679051761f721b447e470edfc17db91ecde78fa09ba71d058750ea33edfe55c06","ts":"2026-12-07T02:42:41Z","type":"start","v":2}');
INSERT INTO public.entry VALUES (48, 'e8b1b9f8f97be8c4', 4, '7298212059ceab7e23eda452aaaa30eb9cea022cea7d5d155c508bbd3d0e27a5', '{"body":{"envelope":{"game":"e8b1b9f8f97be8c4","move":{"type":"keep"},"nonce":"44d989233a4c96dd74719037988cb80c42efd33742d5120e59c746917b96143c","prev":"be98e29d784b1f25531b4d5a0c90b985e0efbb1f95031c426ccf67a8a501f30e","seat":0,"secret_commit":null,"seq":4,"ts":"2026-12-07T02:42:42Z"},"events":[{"data":{"seat":0},"kind":"arranged","to":null}],"seat":0,"sig":"e86fda09981f65cc8ed13a4ef8d0298be90fba5defeae8dea300303eb8ed7b802c0465f3cdab3eaf4c7d8b888f69d23447c7106e79f081f3d7f3631ee79a8f05","state":"13b2267d6448174f10b245389fd09f03614ea90567fb5f33259f5c70acdc9b2a","to_move":1,"views":["bc24d053c5a221f187efa2abfe81a09ee584fd0024d658c8eeadf94052cba526","b911a4f030bb092de7fbd9ed66afc7538e81de0b149e3e005ce21ebd8ef63ba1"]},"game":"e8b1b9f8f97be8c4","prev":"be98e29d784b1f25531b4d5a0c90b985e0efbb1f95031c426ccf67a8a501f30e","seq":4,"sig":"b25974551a558d70ace53ac0e361c7dd9c71c0feb80345e5829018344f7d61f342672b80e1d5db3b615c7cadbde2bd5f1b056e81b636567126b5f789f88e3b0d","ts":"2026-12-07T02:42:42Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (49, 'e8b1b9f8f97be8c4', 5, 'abd5555e9a763cbfca2b7c715b5a4d7deecdf813735b470bf9e0c2e88df9409b', '{"body":{"envelope":{"game":"e8b1b9f8f97be8c4","move":{"type":"keep"},"nonce":"06edf564473f6030765866dcf3c10a8413d450f532c1151cbab412a9fae3a310","prev":"7298212059ceab7e23eda452aaaa30eb9cea022cea7d5d155c508bbd3d0e27a5","seat":1,"secret_commit":null,"seq":5,"ts":"2026-12-07T02:42:44Z"},"events":[{"data":{"seat":1},"kind":"arranged","to":null}],"seat":1,"sig":"1b26e7fb23e385072ba18325d251936728fbdcbc9a8d973b79357aa21e50b0642aa0ac248f94044dc938a35a7a536b3e070a9acd22efc862f4837b24337f1e04","state":"4c895077a4287ad9572538a193c2ef04cc322af3c210327b616f801725cd077a","to_move":0,"views":["6253433263331c8e9b7fa4e0b64307dd34d99a814ae24ada250944ec1edf74c2","2c41b136d3259020e80ab85d10264904235b9f305c9de51249d7a2f3d12c5eb7"]},"game":"e8b1b9f8f97be8c4","prev":"7298212059ceab7e23eda452aaaa30eb9cea022cea7d5d155c508bbd3d0e27a5","seq":5,"sig":"b8a6f7a78b75d31c6da6d47fdc45e4cffc1c1b37bd784a18dc8ca5137eb6d512e9ce29d4911a82c3000d54bd29f23d24153a27feb096c9aea66eb94340fc8e0e","ts":"2026-12-07T02:42:44Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (50, 'e8b1b9f8f97be8c4', 6, '892ee7f9f3a734e2c2e2476d04db949a49f77157f102d38aacb8eb77158ea82c', '{"body":{"envelope":{"game":"e8b1b9f8f97be8c4","move":{"pile":7,"type":"search"},"nonce":"a1757a47ef8276abe302da4b13c8aed9bf3b8db4594cf4abe7e72b59a9452f15","prev":"abd5555e9a763cbfca2b7c715b5a4d7deecdf813735b470bf9e0c2e88df9409b","seat":0,"secret_commit":null,"seq":6,"ts":"2026-12-07T02:42:45Z"},"events":[{"data":{"pile":7,"seat":0},"kind":"searches","to":null},{"commit":"c28670fff93390afc15c28384536a15be93e16423e1b82c6f31d0d5869c51e58","to":[0]}],"seat":0,"sig":"666aaabd61f8dc925797e167ff6b3ef39a96015d0d6057a978283f68a898a4e8825079e0523d79096b3e66233cd96697231d4a5a263f3291a6b66554842e7405","state":"d854063b3c2f4c6cf3a8a0d51b8a76f865f72a675f293527625cbe7cef1cf037","to_move":0,"views":["fc24ad6e8e40f3fb8adaef292131fa5b40fdea52e96b7f4778f447c215989c25","a804f55601126b153cc05d136477a50251ffb4b0f9333c0f53c9030b131bca99"]},"game":"e8b1b9f8f97be8c4","prev":"abd5555e9a763cbfca2b7c715b5a4d7deecdf813735b470bf9e0c2e88df9409b","seq":6,"sig":"9540968d30441b73421ea54e2bce7d5116dd81809531db577f3c1491af4810156d54943153cf1a79aea4ab0fbba98bc55a340416f722acbf7a681e43002e3601","ts":"2026-12-07T02:42:45Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (51, 'e8b1b9f8f97be8c4', 7, '1184d9bbe70a6ca881087ff6660259b05a43ae37f8e20f7352d5d9afd9a4b340', '{"body":{"envelope":{"game":"e8b1b9f8f97be8c4","move":{"type":"take"},"nonce":"8070bc8ec51c100d081cf5c3f63feff45d2f51d86c58e0b3e248b05654fcf3e7","prev":"892ee7f9f3a734e2c2e2476d04db949a49f77157f102d38aacb8eb77158ea82c","seat":0,"secret_commit":"98de24a24c0867b5f0f7701584d0901f63a212d5deed9f5e7b1f3b575d6b987a","seq":7,"ts":"2026-12-07T02:42:46Z"},"events":[{"data":{"count":3,"how":"search","pile":7,"seat":0},"kind":"took","to":null},{"commit":"827cff8eb5a470a5d96886f4e48e3536904a40a2f0d51a92bc6f479360122bef","to":[0]}],"seat":0,"sig":"70b0fa684b0c2dbdd9d8abca135497695f884246899eb78691e489d319a133bec1a62d01cf1afca604f583c86570550228c9ddb7d298b6b0ee58ed134a903c00","state":"7d633d5de4efe8dcefcc9a10a56671063e9f7cf68f0ccecd4fcecf235142a548","to_move":1,"views":["bad54c8061f25902b4950b820f6c86196847aee9e23c1c06037f8334187b910f","d55bdb0968acc154f5ddee7261a1fcfa1cecba27b124618a55a99d3ed99ce709"]},"game":"e8b1b9f8f97be8c4","prev":"892ee7f9f3a734e2c2e2476d04db949a49f77157f102d38aacb8eb77158ea82c","seq":7,"sig":"15e11191e8b113ca2bbde7783b06ae7963fd94e48e907d493b4c77d490a5d7756384af147bab2e4640837fb474c8a9a2e25da36c4d3c7f5fcd977e0a9b2b310f","ts":"2026-12-07T02:42:46Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (52, 'e8b1b9f8f97be8c4', 8, 'c6a1e42c3f43f235e6612cf5e5e166340c82cef46f81f19db342cf1767cb3406', '{"body":{"envelope":{"game":"e8b1b9f8f97be8c4","move":{"pile":5,"type":"search"},"nonce":"1201650e2d6a41d3c2d343c340f0e97437e88240eefada7975d8be1ec284ec78","prev":"1184d9bbe70a6ca881087ff6660259b05a43ae37f8e20f7352d5d9afd9a4b340","seat":1,"secret_commit":null,"seq":8,"ts":"2026-12-07T02:42:47Z"},"events":[{"data":{"pile":5,"seat":1},"kind":"searches","to":null},{"commit":"d427e96edb6de356333aa356536a9609876cd2eb460825e925150461fd2b50eb","to":[1]}],"seat":1,"sig":"246265fb4b327d97e13b2ec5b2979e8ba32b6ea61b4bdf7ea79adc7e1baceb3abbeb4f0c80588f982088121057266b2df6cf515dbc28e72799ad718faf5a1304","state":"22fb41c11d53e3fd0947a93886c9fa900d83e9862b5da63a35d5d04882c2137d","to_move":1,"views":["75de20e0d40cecd80db5a48bdd265573967fb0c8fd0d2f265b188e56b71b883f","ea5170e0a3f93899e5e2e040772d2623b9adfd7ac5154e190fd8c142cf618998"]},"game":"e8b1b9f8f97be8c4","prev":"1184d9bbe70a6ca881087ff6660259b05a43ae37f8e20f7352d5d9afd9a4b340","seq":8,"sig":"072a7e2362d89b1c848ecdd9092b12f5998cd76f1870ae918129fe9ec5a61da266bb8d25db40e487fed2543018bdc02f8534a8be9afe5a914d5deb92decb9106","ts":"2026-12-07T02:42:47Z","type":"move","v":2}');
INSERT INTO public.entry VALUES (53, 'e8b1b9f8f97be8c4', 9, '90fae0d92c1299e1bb14b750f0cf3054aabd07a54893e49ec1e72ef3e5ab4c7b', '{"body":{"envelope":{"game":"e8b1b9f8f97be8c4","move":{"type":"take"},"nonce":"fe04d3b107e651f17d49f6274b24839b6f6fcaba7dc7ec8f5fea221a9f236168","prev":"c6a1e42c3f43f235e6612cf5e5e166340c82cef46f81f19db342cf1767cb3406","seat":1,"secret_commit":"d9dca9ab0809c3a63dba2b9398a78d5a6aa7407292e1f1a3eb8734a239a54bdf","seq":9,"ts":"2026-12-07T02:42:48Z"},"events":[{"data":{"count":3,"how":"search","pile":5,"seat":1},"kind":"took","to":null},{"commit":"fc3542bc96601981bfc880b8df073307171f0e003b747f6ba62d8df9faa5a1a3","to":[1]},{"data":{"seat":0,"turn":1},"kind":"turn","to":null}],"seat":1,"sig":"a7878e225fc405953b220982d34efa263ca9961856f3151f16a68f458b7c01036d1010a413ae87275aaafe342a838976a2f521597207e0ba66b573598909270a","state":"c10242e7b82c9ba5e7cec91e0bfce019844fcea2edfc4926afbb27a017185ce8","to_move":0,"views":["d6f54fda9ea8326bf73eabb8ec19a86f4381a802cb4f390ffdeb8e5a5a332821","5c6cda9d8c97ba55900120fa7718772dbfed6d8525566f7c04ce43801eac2332"]},"game":"e8b1b9f8f97be8c4","prev":"c6a1e42c3f43f235e6612cf5e5e166340c82cef46f81f19db342cf1767cb3406","seq":9,"sig":"d073a5970bad41f289f546843544409cb48207a010a4c3c28ff6e314d13b780ba21698dc081df5a93a114480ed12bf32c6033c5fdec450632dd250d5627d3002","ts":"2026-12-07T02:42:48Z","type":"move","v":2}');


--
-- Data for Name: game; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.game VALUES ('04d95adbba616f35', 'cavemen', '{"open":true,"round_limit":3}', 2, 3, 'running', 1, '7d5dac5fa0708d03729a0e483943362ca7dc68abbcb3f146e22a1cc1386a256c', '{"caves":{"A3":0,"A4":1,"B3":0,"B4":1,"C3":0,"C4":1},"field":[null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null,null],"fires":[[true,true,true],[true,true,true]],"gone":[[],[]],"hands":[["ballsy","snappy","plucky","gutsy","gutsy"],["gutsy","dino","cave","cave","cave"]],"inactive":[["cave","cave"],[]],"next_id":1,"options":{"open":true,"round_limit":3},"pending":{"kind":"place","seat":1},"result":null,"stock":[["cave","cave","zippy","gritty","gutsy","cave","dino","gritty","cave"],["cave","plucky","gutsy","zippy","cave","ballsy","gutsy","gritty","cave","snappy","gritty"]],"tm":{"acts":{},"placed":0,"used":[null,null,null,null]},"turn":1,"turn_no":2,"zippy":[]}', 9, '4e7080ec726ddd438c9e3a89c36de631169c0670afc024a75839695faca4004e', NULL, '2026-12-07 02:42:19.466376', '2026-12-07 02:42:27.887252', 'c01724fef1858523992fb49bddfd08b58e3f63d646179c645885893ec1bea4f44df54208585364295d6ffea1cd3fdd4946efad272f5a7f11a6256632e67d6a0d', false);
INSERT INTO public.game VALUES ('64d5b1fe5022f496', 'feuersalamander', '{"target":2}', 3, 1, 'running', 0, 'c111f49862c4058d041e049bd48e145f8834161abbaf87d5c40d45464ff24df8', '{"claims":[{"named":[{"card":"fire","held":false,"seat":0},{"card":"row6","held":false,"seat":1},{"card":"one-stone","held":false,"seat":0}],"ok":false,"own":[],"seat":2}],"deck":["earth","water","air","fire","two-stone","water","fire","one-stone","air","row1","three-stone","fire","water","row2","three-stone","fire","three-stone","row4","row7","two-stone","row4","two-stone","row4","three-stone","row2","row4","one-stone","row3","two-stone","one-stone","row5","one-stone","one-stone","earth","row6","earth","row3","row5","row6","air"],"discard":[],"drawn":[{"card":"three-stone","turn":3},null,null],"exchanges":[],"figures":["home",11,"dungeon"],"hands":[["water","row5","three-stone"],["air","two-stone"],["earth","row3"]],"laid":[[],[],[]],"last_keys":null,"last_throw":{"keys":[true,true,false],"numbers":[1,1],"seat":0,"symbol":"salamander"},"losses":[0,0,0],"options":{"target":2},"pair":true,"pending":{"kind":"discard","seat":0,"then":"move"},"questions":[],"result":null,"revealed":[[],[],[]],"scores":[0,0,0],"seats":3,"start_player":1,"start_throws":[[{"seat":0,"value":3},{"seat":1,"value":3},{"seat":2,"value":1}],[{"seat":0,"value":1},{"seat":1,"value":3}]],"stones":[null,{"field":2,"row":1,"wing":"air"},null],"turn":0,"turn_no":3}', 10, '06a971bbf5f6719bf403793bf8b62f31d926b65c9446498fd037f12668ecdd67', NULL, '2026-12-07 02:41:56.175943', '2026-12-07 02:42:04.074242', 'd5dd406696136248596f84b1160680c4c6434e67a2ce5ae0d11678b21d42fcfedde1f4d229138ab2c274765c5e3310457afc21449d4b531a9bb28b1875d3d703', false);
INSERT INTO public.game VALUES ('a3d497fd3a5972a9', 'magier', '{"blind":true,"move_limit":30,"open_placement":false,"wrap":"line"}', 2, 2, 'running', 0, '602644aa926bc6a29c913cc71b6486860c8cf3eb856f90794a8dc431aa93c62e', '{"board":{"a1":{"kind":"magician","seat":0},"a2":{"kind":"magician","seat":0},"a3":{"commit":"73b168f4a105a2f131323ccbc5e505b129f9fd8dd83c76531cc7ecf0ffe7cdce","kind":"wisdom","seat":0},"a4":{"kind":"magician","seat":0},"a5":{"kind":"magician","seat":0},"b1":{"kind":"magician","seat":0},"b2":{"kind":"magician","seat":0},"b3":{"kind":"magician","seat":0},"b4":{"kind":"magician","seat":0},"b5":{"kind":"magician","seat":0},"b6":{"kind":"magician","seat":0},"c1":{"commit":"96247320fc61d8c74f9421580b716f7371bb97f2f55e1454ae1d0bd896849a8c","kind":"wisdom","seat":1},"d1":{"commit":"bac56f472e903397e21df66d6fa1a4f89d804ae5a55a89ba91ec3e0302ae7df8","kind":"wisdom","seat":1},"d2":{"commit":"e9132fca4d3dbe6dbad56a1fac2390eee19e36ed1870bdc13138cf3af6d55320","kind":"wisdom","seat":1},"d6":{"commit":"d8ca9d11bc66ac1ad6fe5a685122abd0b2cdcda266e8417aab5e769e705ed1a2","kind":"wisdom","seat":1},"d8":{"commit":"157d501c201b72afdf4b6435af7b730987c801c4c41ed30152dbab4cccfa8463","kind":"wisdom","seat":0},"f6":{"commit":"0ce2b0ea7bffedf65146d54d911892bd004d1bf366e9db5d72d64e0e4f8840e6","kind":"wisdom","seat":0},"g8":{"commit":"960b2af084893a917f42fc3f3d33d653ab73c08b4e1af59fc19a0481a3f8aa0d","kind":"wisdom","seat":0},"h4":{"kind":"magician","seat":1},"h5":{"kind":"magician","seat":1},"h6":{"kind":"magician","seat":1},"h7":{"kind":"magician","seat":1},"h8":{"kind":"magician","seat":1},"h9":{"kind":"magician","seat":1},"i5":{"kind":"magician","seat":1},"i6":{"kind":"magician","seat":1},"i8":{"kind":"magician","seat":1},"i9":{"kind":"magician","seat":1}},"burned":[],"hands":[[null,null,null],[null,null,null]],"last_move":{"cell":"d6","type":"place"},"last_seat":1,"moves":[0,0],"options":{"blind":true,"move_limit":30,"open_placement":false,"wrap":"line"},"passes":0,"pending":[],"phase":"placement","ply":8,"prev_position":"RRrRRRRRRRRb......bb.....r.............r........r.BBBBBBBB.BB","result":null,"scores":[0,0],"turn":0}', 11, 'dafb45f87bdb8a8a0cfda89a003650a6e105c5da167227fd4fc54666b7af568c', NULL, '2026-12-07 02:42:07.305134', '2026-12-07 02:42:17.076262', 'c7b129b93ff2fc4b64aff3096f95f852123038e7e8d5347db64507b1d385d7f00c382d53fc01a61055d523b9e4e39ea340d83a5118b7387829b0f8d7ded6ac08', false);
INSERT INTO public.game VALUES ('e7794fb0f4b14b89', 'cavemen', '{"open":false,"round_limit":3}', 2, 1, 'running', 0, '8755bf1613f42cde6b336d76f217b6df8ec3d897722280521ab9b997a2b4ea6d', '{"caves":{"A3":0,"A4":1,"B3":0,"B4":1,"C3":0,"C4":1},"field":[null,null,null,null,null,null,null,null,null,null,null,null,{"card":"ballsy","id":1,"known":0,"owner":0,"up":false},null,null,null,null,null,null,null,null,null,null,null],"fires":[[true,true,true],[true,true,true]],"gone":[[],[]],"hands":[["snappy","gritty","plucky","gutsy"],["gritty","gutsy","gutsy","dino","cave"]],"inactive":[["cave","cave"],[]],"next_id":2,"options":{"open":false,"round_limit":3},"pending":{"kind":"discard","seat":0},"result":null,"stock":[["cave","gritty","cave","cave","cave","zippy","gutsy","dino","gutsy"],["zippy","cave","plucky","gutsy","gritty","cave","ballsy","snappy","cave","cave","cave"]],"tm":{"acts":{},"placed":1,"used":[null,null,null,null]},"turn":0,"turn_no":1,"zippy":[]}', 9, '01819c9268f505e00fced5baaa09248ffd018fdcc2335f1289eb8633ea01f65f', NULL, '2026-12-07 02:42:30.4373', '2026-12-07 02:42:38.606749', '96c39c1350fb548299a99a8198dfbdadf023fd27be7d2cddb34cb2cff0a983f80b36e504c4448e1697e5f63826816fb1b6d327843ce5a6d524f7001760f6e30c', false);
INSERT INTO public.game VALUES ('e8b1b9f8f97be8c4', 'siedler', '{"brigand_grace_turns":2,"brigand_loses":"gold+wool","target":4,"variant":"tournament-new-players","windmill_needs_city":true}', 2, 2, 'running', 0, 'b6667df30f10fbe782b387522a99577f0448b4f6bf186149771c4bc58ca2550f', '{"dice":null,"discard":[],"display":["university","university"],"event_deck":["raid","productive-year","plague","civil-war","master-builder","plague","conflict","progress","productive-year","progress","year-end"],"flag":{"seat":null,"vp":2},"hands":[["cannon","parliament","privateer-fleet"],["customs-office","knight-hugo","palace"]],"last_event":null,"offer":null,"options":{"brigand_grace_turns":2,"brigand_loses":"gold+wool","target":4,"variant":"tournament-new-players","windmill_needs_city":true},"pending":{"kind":"roll","seat":0},"piles":[["colossus","scout","knight-siegfried","mint","herb-woman","knight-walther","brick-factory","black-knight","church","church","spy","spy","caravan"],["sawmill","bath-house","knight-pippin","gold-fleet","bishop","alchemist","brick-fleet","abbey","marketplace","aqueduct","knight-hagen","town-hall","lumber-fleet"],["knight-falk","knight-otto","library","arsonist","garrison","harbor","merchant-guild","garrison","garrison","counting-house","wool-fleet","herb-woman"],["merchant","black-knight","knight-goetz","aqueduct","merchant","bath-house","library","iron-foundry","knight-karl","spy","scout","brigands"],["woolen-mill","bishop","town-hall","grain-fleet","grain-mill","arsonist","knight-conrad","smithy","alchemist","abbey","ore-fleet","black-knight"],["crane","wall","fire-station"],["cannon","tower","customs-office","castle","tower","fire-station"],["imelda","embassy"]],"principalities":[{"centers":{"0":{"above":[null],"below":[null],"card":"settlement"},"2":{"above":[null],"below":[null],"card":"settlement"}},"regions":{"-1":{"above":{"card":"pasture-3","stock":1},"below":{"card":"fields-1","stock":1}},"1":{"above":{"card":"goldfield-6","stock":1},"below":{"card":"forest-4","stock":1}},"3":{"above":{"card":"hills-5","stock":1},"below":{"card":"mountains-2","stock":1}}},"roads":[1]},{"centers":{"0":{"above":[null],"below":[null],"card":"settlement"},"2":{"above":[null],"below":[null],"card":"settlement"}},"regions":{"-1":{"above":{"card":"pasture-4","stock":1},"below":{"card":"fields-2","stock":1}},"1":{"above":{"card":"goldfield-1","stock":1},"below":{"card":"forest-5","stock":1}},"3":{"above":{"card":"hills-6","stock":1},"below":{"card":"mountains-3","stock":1}}},"roads":[1]}],"queue":[],"region_pile":["pasture-5","hills-3","forest-6","goldfield-2","pasture-1","mountains-4","fields-5","hills-4","fields-3","forest-2","mountains-6"],"result":null,"searching":null,"seats":2,"start_player":0,"start_rolls":[[3,2]],"supply":{"city":7,"road":7,"settlement":5},"tokens":{"knight":null,"windmill":null},"turn":0,"turn_no":1}', 9, '90fae0d92c1299e1bb14b750f0cf3054aabd07a54893e49ec1e72ef3e5ab4c7b', NULL, '2026-12-07 02:42:40.915581', '2026-12-07 02:42:48.10331', '2f36c331554ffa1a94b8df4ce48dc22886c35f3bcf77ee95afcdd55a51ebfa0c6cccef3cda6ba46075d1e711ef490b967f4200c8e4cb434a08ec07e1ca14850d', false);


--
-- Data for Name: inboxmessage; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: invite; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: mail; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.mail VALUES (1, 1, 'ada@example.org', '64d5b1fe5022f496', 'start', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem 64d5b1fe5022f496 (Der Feuersalamander): the game has started
Date: Mon, 07 Dec 2026 02:41:57 +0000
Message-ID: <start.64d5b1fe5022f496.4.f55ff16f66f4@localhost>
In-Reply-To: <game-64d5b1fe5022f496@localhost>
References: <game-64d5b1fe5022f496@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: start
X-Pbem-Game: 64d5b1fe5022f496
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

Game 64d5b1fe5022f496 (Der Feuersalamander, 3 players) has started: bo (Queen) moves first.
You get a mail when it is your turn; `pbem show 64d5b1fe5022f496` shows your view any time.

Der Feuersalamander, game 64d5b1fe5022f496, log entry 4
Players: ada (King), bo (Queen), cy (Monk)
To move: bo (Queen)
Scores: ada 0, bo 0, cy 0

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify 64d5b1fe5022f496 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'start:64d5b1fe5022f496:4:a1', 'pending', 0, '2026-12-07 02:41:57.20004', NULL, '2026-12-07 02:41:57.20004', NULL);
INSERT INTO public.mail VALUES (2, 2, 'bo@example.org', '64d5b1fe5022f496', 'turn', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem 64d5b1fe5022f496 (Der Feuersalamander): your turn
Date: Mon, 07 Dec 2026 02:41:57 +0000
Message-ID: <turn.64d5b1fe5022f496.4.2c3a4249d770@localhost>
In-Reply-To: <game-64d5b1fe5022f496@localhost>
References: <game-64d5b1fe5022f496@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: 64d5b1fe5022f496
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game 64d5b1fe5022f496 (Der Feuersalamander, 3 players): run `pbem show 64d5b1fe5022f496`
then `pbem move 64d5b1fe5022f496` lists your moves and `pbem move 64d5b1fe5022f496 N` plays one.
The game has just started: everybody has joined.

Der Feuersalamander, game 64d5b1fe5022f496, log entry 4
Players: ada (King), bo (Queen), cy (Monk)
To move: bo (Queen)
Scores: ada 0, bo 0, cy 0

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify 64d5b1fe5022f496 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'turn:64d5b1fe5022f496:4:a2', 'pending', 0, '2026-12-07 02:41:57.20004', NULL, '2026-12-07 02:41:57.20004', NULL);
INSERT INTO public.mail VALUES (3, 3, 'cy@example.org', '64d5b1fe5022f496', 'start', 'From: pbem <pbem@localhost>
To: cy <cy@example.org>
Subject: pbem 64d5b1fe5022f496 (Der Feuersalamander): the game has started
Date: Mon, 07 Dec 2026 02:41:57 +0000
Message-ID: <start.64d5b1fe5022f496.4.f46dd28a5499@localhost>
In-Reply-To: <game-64d5b1fe5022f496@localhost>
References: <game-64d5b1fe5022f496@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: start
X-Pbem-Game: 64d5b1fe5022f496
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

Game 64d5b1fe5022f496 (Der Feuersalamander, 3 players) has started: bo (Queen) moves first.
You get a mail when it is your turn; `pbem show 64d5b1fe5022f496` shows your view any time.

Der Feuersalamander, game 64d5b1fe5022f496, log entry 4
Players: ada (King), bo (Queen), cy (Monk)
To move: bo (Queen)
Scores: ada 0, bo 0, cy 0

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify 64d5b1fe5022f496 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8
', 'start:64d5b1fe5022f496:4:a3', 'pending', 0, '2026-12-07 02:41:57.20004', NULL, '2026-12-07 02:41:57.20004', NULL);
INSERT INTO public.mail VALUES (4, 3, 'cy@example.org', '64d5b1fe5022f496', 'turn', 'From: pbem <pbem@localhost>
To: cy <cy@example.org>
Subject: pbem 64d5b1fe5022f496 (Der Feuersalamander): your turn
Date: Mon, 07 Dec 2026 02:42:01 +0000
Message-ID: <turn.64d5b1fe5022f496.8.f46dd28a5499@localhost>
In-Reply-To: <game-64d5b1fe5022f496@localhost>
References: <game-64d5b1fe5022f496@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: 64d5b1fe5022f496
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game 64d5b1fe5022f496 (Der Feuersalamander, 3 players): run `pbem show 64d5b1fe5022f496`
then `pbem move 64d5b1fe5022f496` lists your moves and `pbem move 64d5b1fe5022f496 N` plays one.

Der Feuersalamander, game 64d5b1fe5022f496, log entry 8
Players: ada (King), bo (Queen), cy (Monk)
To move: cy (Monk)
Scores: ada 0, bo 0, cy 0
Last moves:
  5. bo (Queen): throw
  6. bo (Queen): stone air 1 two
  7. bo (Queen): move sum
  8. bo (Queen): no question

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify 64d5b1fe5022f496 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8
', 'turn:64d5b1fe5022f496:8:a3', 'pending', 0, '2026-12-07 02:42:01.965633', NULL, '2026-12-07 02:42:01.965633', NULL);
INSERT INTO public.mail VALUES (5, 1, 'ada@example.org', '64d5b1fe5022f496', 'turn', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem 64d5b1fe5022f496 (Der Feuersalamander): your turn
Date: Mon, 07 Dec 2026 02:42:03 +0000
Message-ID: <turn.64d5b1fe5022f496.9.f55ff16f66f4@localhost>
In-Reply-To: <game-64d5b1fe5022f496@localhost>
References: <game-64d5b1fe5022f496@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: 64d5b1fe5022f496
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game 64d5b1fe5022f496 (Der Feuersalamander, 3 players): run `pbem show 64d5b1fe5022f496`
then `pbem move 64d5b1fe5022f496` lists your moves and `pbem move 64d5b1fe5022f496 N` plays one.

Der Feuersalamander, game 64d5b1fe5022f496, log entry 9
Players: ada (King), bo (Queen), cy (Monk)
To move: ada (King)
Scores: ada 0, bo 0, cy 0
Last moves:
  5. bo (Queen): throw
  6. bo (Queen): stone air 1 two
  7. bo (Queen): move sum
  8. bo (Queen): no question
  9. cy (Monk): claim king:fire queen:row6 king:one-stone

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify 64d5b1fe5022f496 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'turn:64d5b1fe5022f496:9:a1', 'pending', 0, '2026-12-07 02:42:03.027507', NULL, '2026-12-07 02:42:03.027507', NULL);
INSERT INTO public.mail VALUES (6, 2, 'bo@example.org', 'a3d497fd3a5972a9', 'turn', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem a3d497fd3a5972a9 (Das magische Hexagon): your turn
Date: Mon, 07 Dec 2026 02:42:07 +0000
Message-ID: <turn.a3d497fd3a5972a9.3.2c3a4249d770@localhost>
In-Reply-To: <game-a3d497fd3a5972a9@localhost>
References: <game-a3d497fd3a5972a9@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: a3d497fd3a5972a9
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game a3d497fd3a5972a9 (Das magische Hexagon, 2 players): run `pbem show a3d497fd3a5972a9`
then `pbem move a3d497fd3a5972a9` lists your moves and `pbem move a3d497fd3a5972a9 N` plays one.
The game has just started: everybody has joined.

Das magische Hexagon, game a3d497fd3a5972a9, log entry 3
Players: bo (red), ada (black)
To move: bo (red)
Scores: bo 0, ada 0

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify a3d497fd3a5972a9 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'turn:a3d497fd3a5972a9:3:a2', 'pending', 0, '2026-12-07 02:42:07.857747', NULL, '2026-12-07 02:42:07.857747', NULL);
INSERT INTO public.mail VALUES (7, 1, 'ada@example.org', 'a3d497fd3a5972a9', 'start', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem a3d497fd3a5972a9 (Das magische Hexagon): the game has started
Date: Mon, 07 Dec 2026 02:42:07 +0000
Message-ID: <start.a3d497fd3a5972a9.3.f55ff16f66f4@localhost>
In-Reply-To: <game-a3d497fd3a5972a9@localhost>
References: <game-a3d497fd3a5972a9@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: start
X-Pbem-Game: a3d497fd3a5972a9
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

Game a3d497fd3a5972a9 (Das magische Hexagon, 2 players) has started: bo (red) moves first.
You get a mail when it is your turn; `pbem show a3d497fd3a5972a9` shows your view any time.

Das magische Hexagon, game a3d497fd3a5972a9, log entry 3
Players: bo (red), ada (black)
To move: bo (red)
Scores: bo 0, ada 0

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify a3d497fd3a5972a9 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'start:a3d497fd3a5972a9:3:a1', 'pending', 0, '2026-12-07 02:42:07.857747', NULL, '2026-12-07 02:42:07.857747', NULL);
INSERT INTO public.mail VALUES (8, 1, 'ada@example.org', 'a3d497fd3a5972a9', 'turn', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem a3d497fd3a5972a9 (Das magische Hexagon): your turn
Date: Mon, 07 Dec 2026 02:42:09 +0000
Message-ID: <turn.a3d497fd3a5972a9.4.f55ff16f66f4@localhost>
In-Reply-To: <game-a3d497fd3a5972a9@localhost>
References: <game-a3d497fd3a5972a9@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: a3d497fd3a5972a9
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game a3d497fd3a5972a9 (Das magische Hexagon, 2 players): run `pbem show a3d497fd3a5972a9`
then `pbem move a3d497fd3a5972a9` lists your moves and `pbem move a3d497fd3a5972a9 N` plays one.

Das magische Hexagon, game a3d497fd3a5972a9, log entry 4
Players: bo (red), ada (black)
To move: ada (black)
Scores: bo 0, ada 0
Last moves:
  4. bo (red): place a3

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify a3d497fd3a5972a9 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'turn:a3d497fd3a5972a9:4:a1', 'pending', 0, '2026-12-07 02:42:09.363608', NULL, '2026-12-07 02:42:09.363608', NULL);
INSERT INTO public.mail VALUES (10, 1, 'ada@example.org', 'a3d497fd3a5972a9', 'turn', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem a3d497fd3a5972a9 (Das magische Hexagon): your turn
Date: Mon, 07 Dec 2026 02:42:11 +0000
Message-ID: <turn.a3d497fd3a5972a9.6.f55ff16f66f4@localhost>
In-Reply-To: <game-a3d497fd3a5972a9@localhost>
References: <game-a3d497fd3a5972a9@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: a3d497fd3a5972a9
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game a3d497fd3a5972a9 (Das magische Hexagon, 2 players): run `pbem show a3d497fd3a5972a9`
then `pbem move a3d497fd3a5972a9` lists your moves and `pbem move a3d497fd3a5972a9 N` plays one.

Das magische Hexagon, game a3d497fd3a5972a9, log entry 6
Players: bo (red), ada (black)
To move: ada (black)
Scores: bo 0, ada 0
Last moves:
  4. bo (red): place a3
  5. ada (black): place c1
  6. bo (red): place g8

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify a3d497fd3a5972a9 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'turn:a3d497fd3a5972a9:6:a1', 'pending', 0, '2026-12-07 02:42:11.759831', NULL, '2026-12-07 02:42:11.759831', NULL);
INSERT INTO public.mail VALUES (12, 1, 'ada@example.org', 'a3d497fd3a5972a9', 'turn', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem a3d497fd3a5972a9 (Das magische Hexagon): your turn
Date: Mon, 07 Dec 2026 02:42:13 +0000
Message-ID: <turn.a3d497fd3a5972a9.8.f55ff16f66f4@localhost>
In-Reply-To: <game-a3d497fd3a5972a9@localhost>
References: <game-a3d497fd3a5972a9@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: a3d497fd3a5972a9
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game a3d497fd3a5972a9 (Das magische Hexagon, 2 players): run `pbem show a3d497fd3a5972a9`
then `pbem move a3d497fd3a5972a9` lists your moves and `pbem move a3d497fd3a5972a9 N` plays one.

Das magische Hexagon, game a3d497fd3a5972a9, log entry 8
Players: bo (red), ada (black)
To move: ada (black)
Scores: bo 0, ada 0
Last moves:
  4. bo (red): place a3
  5. ada (black): place c1
  6. bo (red): place g8
  7. ada (black): place d2
  8. bo (red): place d8

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify a3d497fd3a5972a9 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'turn:a3d497fd3a5972a9:8:a1', 'pending', 0, '2026-12-07 02:42:13.663013', NULL, '2026-12-07 02:42:13.663013', NULL);
INSERT INTO public.mail VALUES (9, 2, 'bo@example.org', 'a3d497fd3a5972a9', 'turn', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem a3d497fd3a5972a9 (Das magische Hexagon): your turn
Date: Mon, 07 Dec 2026 02:42:10 +0000
Message-ID: <turn.a3d497fd3a5972a9.5.2c3a4249d770@localhost>
In-Reply-To: <game-a3d497fd3a5972a9@localhost>
References: <game-a3d497fd3a5972a9@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: a3d497fd3a5972a9
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game a3d497fd3a5972a9 (Das magische Hexagon, 2 players): run `pbem show a3d497fd3a5972a9`
then `pbem move a3d497fd3a5972a9` lists your moves and `pbem move a3d497fd3a5972a9 N` plays one.

Das magische Hexagon, game a3d497fd3a5972a9, log entry 5
Players: bo (red), ada (black)
To move: bo (red)
Scores: bo 0, ada 0
Last moves:
  4. bo (red): place a3
  5. ada (black): place c1

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify a3d497fd3a5972a9 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'turn:a3d497fd3a5972a9:5:a2', 'pending', 0, '2026-12-07 02:42:10.776453', NULL, '2026-12-07 02:42:10.776453', NULL);
INSERT INTO public.mail VALUES (11, 2, 'bo@example.org', 'a3d497fd3a5972a9', 'turn', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem a3d497fd3a5972a9 (Das magische Hexagon): your turn
Date: Mon, 07 Dec 2026 02:42:12 +0000
Message-ID: <turn.a3d497fd3a5972a9.7.2c3a4249d770@localhost>
In-Reply-To: <game-a3d497fd3a5972a9@localhost>
References: <game-a3d497fd3a5972a9@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: a3d497fd3a5972a9
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game a3d497fd3a5972a9 (Das magische Hexagon, 2 players): run `pbem show a3d497fd3a5972a9`
then `pbem move a3d497fd3a5972a9` lists your moves and `pbem move a3d497fd3a5972a9 N` plays one.

Das magische Hexagon, game a3d497fd3a5972a9, log entry 7
Players: bo (red), ada (black)
To move: bo (red)
Scores: bo 0, ada 0
Last moves:
  4. bo (red): place a3
  5. ada (black): place c1
  6. bo (red): place g8
  7. ada (black): place d2

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify a3d497fd3a5972a9 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'turn:a3d497fd3a5972a9:7:a2', 'pending', 0, '2026-12-07 02:42:12.685773', NULL, '2026-12-07 02:42:12.685773', NULL);
INSERT INTO public.mail VALUES (13, 2, 'bo@example.org', 'a3d497fd3a5972a9', 'turn', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem a3d497fd3a5972a9 (Das magische Hexagon): your turn
Date: Mon, 07 Dec 2026 02:42:14 +0000
Message-ID: <turn.a3d497fd3a5972a9.9.2c3a4249d770@localhost>
In-Reply-To: <game-a3d497fd3a5972a9@localhost>
References: <game-a3d497fd3a5972a9@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: a3d497fd3a5972a9
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game a3d497fd3a5972a9 (Das magische Hexagon, 2 players): run `pbem show a3d497fd3a5972a9`
then `pbem move a3d497fd3a5972a9` lists your moves and `pbem move a3d497fd3a5972a9 N` plays one.

Das magische Hexagon, game a3d497fd3a5972a9, log entry 9
Players: bo (red), ada (black)
To move: bo (red)
Scores: bo 0, ada 0
Last moves:
  5. ada (black): place c1
  6. bo (red): place g8
  7. ada (black): place d2
  8. bo (red): place d8
  9. ada (black): place d1

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify a3d497fd3a5972a9 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'turn:a3d497fd3a5972a9:9:a2', 'pending', 0, '2026-12-07 02:42:14.764307', NULL, '2026-12-07 02:42:14.764307', NULL);
INSERT INTO public.mail VALUES (14, 1, 'ada@example.org', 'a3d497fd3a5972a9', 'turn', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem a3d497fd3a5972a9 (Das magische Hexagon): your turn
Date: Mon, 07 Dec 2026 02:42:16 +0000
Message-ID: <turn.a3d497fd3a5972a9.10.f55ff16f66f4@localhost>
In-Reply-To: <game-a3d497fd3a5972a9@localhost>
References: <game-a3d497fd3a5972a9@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: a3d497fd3a5972a9
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game a3d497fd3a5972a9 (Das magische Hexagon, 2 players): run `pbem show a3d497fd3a5972a9`
then `pbem move a3d497fd3a5972a9` lists your moves and `pbem move a3d497fd3a5972a9 N` plays one.

Das magische Hexagon, game a3d497fd3a5972a9, log entry 10
Players: bo (red), ada (black)
To move: ada (black)
Scores: bo 0, ada 0
Last moves:
  6. bo (red): place g8
  7. ada (black): place d2
  8. bo (red): place d8
  9. ada (black): place d1
  10. bo (red): place f6

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify a3d497fd3a5972a9 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'turn:a3d497fd3a5972a9:10:a1', 'pending', 0, '2026-12-07 02:42:16.015472', NULL, '2026-12-07 02:42:16.015472', NULL);
INSERT INTO public.mail VALUES (15, 2, 'bo@example.org', 'a3d497fd3a5972a9', 'turn', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem a3d497fd3a5972a9 (Das magische Hexagon): your turn
Date: Mon, 07 Dec 2026 02:42:17 +0000
Message-ID: <turn.a3d497fd3a5972a9.11.2c3a4249d770@localhost>
In-Reply-To: <game-a3d497fd3a5972a9@localhost>
References: <game-a3d497fd3a5972a9@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: a3d497fd3a5972a9
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game a3d497fd3a5972a9 (Das magische Hexagon, 2 players): run `pbem show a3d497fd3a5972a9`
then `pbem move a3d497fd3a5972a9` lists your moves and `pbem move a3d497fd3a5972a9 N` plays one.

Das magische Hexagon, game a3d497fd3a5972a9, log entry 11
Players: bo (red), ada (black)
To move: bo (red)
Scores: bo 0, ada 0
Last moves:
  7. ada (black): place d2
  8. bo (red): place d8
  9. ada (black): place d1
  10. bo (red): place f6
  11. ada (black): place d6

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify a3d497fd3a5972a9 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'turn:a3d497fd3a5972a9:11:a2', 'pending', 0, '2026-12-07 02:42:17.077833', NULL, '2026-12-07 02:42:17.077833', NULL);
INSERT INTO public.mail VALUES (16, 3, 'cy@example.org', '04d95adbba616f35', 'turn', 'From: pbem <pbem@localhost>
To: cy <cy@example.org>
Subject: pbem 04d95adbba616f35 (Cavemen Playing With Fire): your turn
Date: Mon, 07 Dec 2026 02:42:19 +0000
Message-ID: <turn.04d95adbba616f35.3.f46dd28a5499@localhost>
In-Reply-To: <game-04d95adbba616f35@localhost>
References: <game-04d95adbba616f35@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: 04d95adbba616f35
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game 04d95adbba616f35 (Cavemen Playing With Fire, 2 players): run `pbem show 04d95adbba616f35`
then `pbem move 04d95adbba616f35` lists your moves and `pbem move 04d95adbba616f35 N` plays one.
The game has just started: everybody has joined.

Cavemen Playing With Fire, game 04d95adbba616f35, log entry 3
Players: cy (Red), ada (Blue)
To move: cy (Red)

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify 04d95adbba616f35 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8
', 'turn:04d95adbba616f35:3:a3', 'pending', 0, '2026-12-07 02:42:19.946864', NULL, '2026-12-07 02:42:19.946864', NULL);
INSERT INTO public.mail VALUES (17, 1, 'ada@example.org', '04d95adbba616f35', 'start', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem 04d95adbba616f35 (Cavemen Playing With Fire): the game has started
Date: Mon, 07 Dec 2026 02:42:19 +0000
Message-ID: <start.04d95adbba616f35.3.f55ff16f66f4@localhost>
In-Reply-To: <game-04d95adbba616f35@localhost>
References: <game-04d95adbba616f35@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: start
X-Pbem-Game: 04d95adbba616f35
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

Game 04d95adbba616f35 (Cavemen Playing With Fire, 2 players) has started: cy (Red) moves first.
You get a mail when it is your turn; `pbem show 04d95adbba616f35` shows your view any time.

Cavemen Playing With Fire, game 04d95adbba616f35, log entry 3
Players: cy (Red), ada (Blue)
To move: cy (Red)

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify 04d95adbba616f35 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'start:04d95adbba616f35:3:a1', 'pending', 0, '2026-12-07 02:42:19.946864', NULL, '2026-12-07 02:42:19.946864', NULL);
INSERT INTO public.mail VALUES (18, 1, 'ada@example.org', '04d95adbba616f35', 'turn', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem 04d95adbba616f35 (Cavemen Playing With Fire): your turn
Date: Mon, 07 Dec 2026 02:42:23 +0000
Message-ID: <turn.04d95adbba616f35.6.f55ff16f66f4@localhost>
In-Reply-To: <game-04d95adbba616f35@localhost>
References: <game-04d95adbba616f35@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: 04d95adbba616f35
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game 04d95adbba616f35 (Cavemen Playing With Fire, 2 players): run `pbem show 04d95adbba616f35`
then `pbem move 04d95adbba616f35` lists your moves and `pbem move 04d95adbba616f35 N` plays one.

Cavemen Playing With Fire, game 04d95adbba616f35, log entry 6
Players: cy (Red), ada (Blue)
To move: ada (Blue)
Last moves:
  4. cy (Red): discard cave
  5. cy (Red): discard cave
  6. cy (Red): end phase

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify 04d95adbba616f35 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'turn:04d95adbba616f35:6:a1', 'pending', 0, '2026-12-07 02:42:23.887551', NULL, '2026-12-07 02:42:23.887551', NULL);
INSERT INTO public.mail VALUES (19, 3, 'cy@example.org', '04d95adbba616f35', 'turn', 'From: pbem <pbem@localhost>
To: cy <cy@example.org>
Subject: pbem 04d95adbba616f35 (Cavemen Playing With Fire): your turn
Date: Mon, 07 Dec 2026 02:42:25 +0000
Message-ID: <turn.04d95adbba616f35.7.f46dd28a5499@localhost>
In-Reply-To: <game-04d95adbba616f35@localhost>
References: <game-04d95adbba616f35@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: 04d95adbba616f35
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game 04d95adbba616f35 (Cavemen Playing With Fire, 2 players): run `pbem show 04d95adbba616f35`
then `pbem move 04d95adbba616f35` lists your moves and `pbem move 04d95adbba616f35 N` plays one.

Cavemen Playing With Fire, game 04d95adbba616f35, log entry 7
Players: cy (Red), ada (Blue)
To move: cy (Red)
Last moves:
  4. cy (Red): discard cave
  5. cy (Red): discard cave
  6. cy (Red): end phase
  7. ada (Blue): end phase

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify 04d95adbba616f35 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8
', 'turn:04d95adbba616f35:7:a3', 'pending', 0, '2026-12-07 02:42:25.090534', NULL, '2026-12-07 02:42:25.090534', NULL);
INSERT INTO public.mail VALUES (20, 1, 'ada@example.org', '04d95adbba616f35', 'turn', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem 04d95adbba616f35 (Cavemen Playing With Fire): your turn
Date: Mon, 07 Dec 2026 02:42:27 +0000
Message-ID: <turn.04d95adbba616f35.9.f55ff16f66f4@localhost>
In-Reply-To: <game-04d95adbba616f35@localhost>
References: <game-04d95adbba616f35@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: 04d95adbba616f35
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game 04d95adbba616f35 (Cavemen Playing With Fire, 2 players): run `pbem show 04d95adbba616f35`
then `pbem move 04d95adbba616f35` lists your moves and `pbem move 04d95adbba616f35 N` plays one.

Cavemen Playing With Fire, game 04d95adbba616f35, log entry 9
Players: cy (Red), ada (Blue)
To move: ada (Blue)
Last moves:
  5. cy (Red): discard cave
  6. cy (Red): end phase
  7. ada (Blue): end phase
  8. cy (Red): end phase
  9. cy (Red): end phase

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify 04d95adbba616f35 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'turn:04d95adbba616f35:9:a1', 'pending', 0, '2026-12-07 02:42:27.888015', NULL, '2026-12-07 02:42:27.888015', NULL);
INSERT INTO public.mail VALUES (21, 1, 'ada@example.org', 'e7794fb0f4b14b89', 'turn', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem e7794fb0f4b14b89 (Cavemen Playing With Fire): your turn
Date: Mon, 07 Dec 2026 02:42:31 +0000
Message-ID: <turn.e7794fb0f4b14b89.3.f55ff16f66f4@localhost>
In-Reply-To: <game-e7794fb0f4b14b89@localhost>
References: <game-e7794fb0f4b14b89@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: e7794fb0f4b14b89
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game e7794fb0f4b14b89 (Cavemen Playing With Fire, 2 players): run `pbem show e7794fb0f4b14b89`
then `pbem move e7794fb0f4b14b89` lists your moves and `pbem move e7794fb0f4b14b89 N` plays one.
The game has just started: everybody has joined.

Cavemen Playing With Fire, game e7794fb0f4b14b89, log entry 3
Players: ada (Red), bo (Blue)
To move: ada (Red)

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify e7794fb0f4b14b89 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'turn:e7794fb0f4b14b89:3:a1', 'pending', 0, '2026-12-07 02:42:31.131363', NULL, '2026-12-07 02:42:31.131363', NULL);
INSERT INTO public.mail VALUES (22, 2, 'bo@example.org', 'e7794fb0f4b14b89', 'start', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem e7794fb0f4b14b89 (Cavemen Playing With Fire): the game has started
Date: Mon, 07 Dec 2026 02:42:31 +0000
Message-ID: <start.e7794fb0f4b14b89.3.2c3a4249d770@localhost>
In-Reply-To: <game-e7794fb0f4b14b89@localhost>
References: <game-e7794fb0f4b14b89@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: start
X-Pbem-Game: e7794fb0f4b14b89
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

Game e7794fb0f4b14b89 (Cavemen Playing With Fire, 2 players) has started: ada (Red) moves first.
You get a mail when it is your turn; `pbem show e7794fb0f4b14b89` shows your view any time.

Cavemen Playing With Fire, game e7794fb0f4b14b89, log entry 3
Players: ada (Red), bo (Blue)
To move: ada (Red)

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify e7794fb0f4b14b89 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'start:e7794fb0f4b14b89:3:a2', 'pending', 0, '2026-12-07 02:42:31.131363', NULL, '2026-12-07 02:42:31.131363', NULL);
INSERT INTO public.mail VALUES (23, 2, 'bo@example.org', 'e7794fb0f4b14b89', 'turn', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem e7794fb0f4b14b89 (Cavemen Playing With Fire): your turn
Date: Mon, 07 Dec 2026 02:42:35 +0000
Message-ID: <turn.e7794fb0f4b14b89.6.2c3a4249d770@localhost>
In-Reply-To: <game-e7794fb0f4b14b89@localhost>
References: <game-e7794fb0f4b14b89@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: e7794fb0f4b14b89
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game e7794fb0f4b14b89 (Cavemen Playing With Fire, 2 players): run `pbem show e7794fb0f4b14b89`
then `pbem move e7794fb0f4b14b89` lists your moves and `pbem move e7794fb0f4b14b89 N` plays one.

Cavemen Playing With Fire, game e7794fb0f4b14b89, log entry 6
Players: ada (Red), bo (Blue)
To move: bo (Blue)
Last moves:
  4. ada (Red): discard cave
  5. ada (Red): discard cave
  6. ada (Red): end phase

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify e7794fb0f4b14b89 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'turn:e7794fb0f4b14b89:6:a2', 'pending', 0, '2026-12-07 02:42:35.57963', NULL, '2026-12-07 02:42:35.57963', NULL);
INSERT INTO public.mail VALUES (24, 1, 'ada@example.org', 'e7794fb0f4b14b89', 'turn', 'From: pbem <pbem@localhost>
To: ada <ada@example.org>
Subject: pbem e7794fb0f4b14b89 (Cavemen Playing With Fire): your turn
Date: Mon, 07 Dec 2026 02:42:36 +0000
Message-ID: <turn.e7794fb0f4b14b89.7.f55ff16f66f4@localhost>
In-Reply-To: <game-e7794fb0f4b14b89@localhost>
References: <game-e7794fb0f4b14b89@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: e7794fb0f4b14b89
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game e7794fb0f4b14b89 (Cavemen Playing With Fire, 2 players): run `pbem show e7794fb0f4b14b89`
then `pbem move e7794fb0f4b14b89` lists your moves and `pbem move e7794fb0f4b14b89 N` plays one.

Cavemen Playing With Fire, game e7794fb0f4b14b89, log entry 7
Players: ada (Red), bo (Blue)
To move: ada (Red)
Last moves:
  4. ada (Red): discard cave
  5. ada (Red): discard cave
  6. ada (Red): end phase
  7. bo (Blue): end phase

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify e7794fb0f4b14b89 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/1/c291ce652029df35eb8aebf398b814a5
', 'turn:e7794fb0f4b14b89:7:a1', 'pending', 0, '2026-12-07 02:42:36.564779', NULL, '2026-12-07 02:42:36.564779', NULL);
INSERT INTO public.mail VALUES (25, 2, 'bo@example.org', 'e8b1b9f8f97be8c4', 'turn', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel): your turn
Date: Mon, 07 Dec 2026 02:42:41 +0000
Message-ID: <turn.e8b1b9f8f97be8c4.3.2c3a4249d770@localhost>
In-Reply-To: <game-e8b1b9f8f97be8c4@localhost>
References: <game-e8b1b9f8f97be8c4@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: e8b1b9f8f97be8c4
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel, 2 players): run `pbem show e8b1b9f8f97be8c4`
then `pbem move e8b1b9f8f97be8c4` lists your moves and `pbem move e8b1b9f8f97be8c4 N` plays one.
The game has just started: everybody has joined.

Die Siedler von Catan - Das Kartenspiel, game e8b1b9f8f97be8c4, log entry 3
Players: bo (North), cy (South)
To move: bo (North)

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify e8b1b9f8f97be8c4 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'turn:e8b1b9f8f97be8c4:3:a2', 'pending', 0, '2026-12-07 02:42:41.403884', NULL, '2026-12-07 02:42:41.403884', NULL);
INSERT INTO public.mail VALUES (26, 3, 'cy@example.org', 'e8b1b9f8f97be8c4', 'start', 'From: pbem <pbem@localhost>
To: cy <cy@example.org>
Subject: pbem e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel): the game has started
Date: Mon, 07 Dec 2026 02:42:41 +0000
Message-ID: <start.e8b1b9f8f97be8c4.3.f46dd28a5499@localhost>
In-Reply-To: <game-e8b1b9f8f97be8c4@localhost>
References: <game-e8b1b9f8f97be8c4@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: start
X-Pbem-Game: e8b1b9f8f97be8c4
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

Game e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel, 2 players) has started: bo (North) moves first.
You get a mail when it is your turn; `pbem show e8b1b9f8f97be8c4` shows your view any time.

Die Siedler von Catan - Das Kartenspiel, game e8b1b9f8f97be8c4, log entry 3
Players: bo (North), cy (South)
To move: bo (North)

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify e8b1b9f8f97be8c4 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8
', 'start:e8b1b9f8f97be8c4:3:a3', 'pending', 0, '2026-12-07 02:42:41.403884', NULL, '2026-12-07 02:42:41.403884', NULL);
INSERT INTO public.mail VALUES (27, 3, 'cy@example.org', 'e8b1b9f8f97be8c4', 'turn', 'From: pbem <pbem@localhost>
To: cy <cy@example.org>
Subject: pbem e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel): your turn
Date: Mon, 07 Dec 2026 02:42:42 +0000
Message-ID: <turn.e8b1b9f8f97be8c4.4.f46dd28a5499@localhost>
In-Reply-To: <game-e8b1b9f8f97be8c4@localhost>
References: <game-e8b1b9f8f97be8c4@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: e8b1b9f8f97be8c4
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel, 2 players): run `pbem show e8b1b9f8f97be8c4`
then `pbem move e8b1b9f8f97be8c4` lists your moves and `pbem move e8b1b9f8f97be8c4 N` plays one.

Die Siedler von Catan - Das Kartenspiel, game e8b1b9f8f97be8c4, log entry 4
Players: bo (North), cy (South)
To move: cy (South)
Last moves:
  4. bo (North): keep

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify e8b1b9f8f97be8c4 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8
', 'turn:e8b1b9f8f97be8c4:4:a3', 'pending', 0, '2026-12-07 02:42:42.790332', NULL, '2026-12-07 02:42:42.790332', NULL);
INSERT INTO public.mail VALUES (28, 2, 'bo@example.org', 'e8b1b9f8f97be8c4', 'turn', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel): your turn
Date: Mon, 07 Dec 2026 02:42:44 +0000
Message-ID: <turn.e8b1b9f8f97be8c4.5.2c3a4249d770@localhost>
In-Reply-To: <game-e8b1b9f8f97be8c4@localhost>
References: <game-e8b1b9f8f97be8c4@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: e8b1b9f8f97be8c4
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel, 2 players): run `pbem show e8b1b9f8f97be8c4`
then `pbem move e8b1b9f8f97be8c4` lists your moves and `pbem move e8b1b9f8f97be8c4 N` plays one.

Die Siedler von Catan - Das Kartenspiel, game e8b1b9f8f97be8c4, log entry 5
Players: bo (North), cy (South)
To move: bo (North)
Last moves:
  4. bo (North): keep
  5. cy (South): keep

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify e8b1b9f8f97be8c4 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'turn:e8b1b9f8f97be8c4:5:a2', 'pending', 0, '2026-12-07 02:42:44.230816', NULL, '2026-12-07 02:42:44.230816', NULL);
INSERT INTO public.mail VALUES (29, 3, 'cy@example.org', 'e8b1b9f8f97be8c4', 'turn', 'From: pbem <pbem@localhost>
To: cy <cy@example.org>
Subject: pbem e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel): your turn
Date: Mon, 07 Dec 2026 02:42:46 +0000
Message-ID: <turn.e8b1b9f8f97be8c4.7.f46dd28a5499@localhost>
In-Reply-To: <game-e8b1b9f8f97be8c4@localhost>
References: <game-e8b1b9f8f97be8c4@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: e8b1b9f8f97be8c4
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel, 2 players): run `pbem show e8b1b9f8f97be8c4`
then `pbem move e8b1b9f8f97be8c4` lists your moves and `pbem move e8b1b9f8f97be8c4 N` plays one.

Die Siedler von Catan - Das Kartenspiel, game e8b1b9f8f97be8c4, log entry 7
Players: bo (North), cy (South)
To move: cy (South)
Last moves:
  4. bo (North): keep
  5. cy (South): keep
  6. bo (North): search pile 8
  7. bo (North): a move

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify e8b1b9f8f97be8c4 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/3/0631355b69621c05afc5ca04fb3355a8
', 'turn:e8b1b9f8f97be8c4:7:a3', 'pending', 0, '2026-12-07 02:42:46.130955', NULL, '2026-12-07 02:42:46.130955', NULL);
INSERT INTO public.mail VALUES (30, 2, 'bo@example.org', 'e8b1b9f8f97be8c4', 'turn', 'From: pbem <pbem@localhost>
To: bo <bo@example.org>
Subject: pbem e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel): your turn
Date: Mon, 07 Dec 2026 02:42:48 +0000
Message-ID: <turn.e8b1b9f8f97be8c4.9.2c3a4249d770@localhost>
In-Reply-To: <game-e8b1b9f8f97be8c4@localhost>
References: <game-e8b1b9f8f97be8c4@localhost>
List-Unsubscribe: <http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f>
List-Unsubscribe-Post: List-Unsubscribe=One-Click
Auto-Submitted: auto-generated
X-Pbem-Kind: turn
X-Pbem-Game: e8b1b9f8f97be8c4
Content-Type: text/plain; charset="utf-8"
Content-Transfer-Encoding: 7bit
MIME-Version: 1.0

It is your turn in game e8b1b9f8f97be8c4 (Die Siedler von Catan - Das Kartenspiel, 2 players): run `pbem show e8b1b9f8f97be8c4`
then `pbem move e8b1b9f8f97be8c4` lists your moves and `pbem move e8b1b9f8f97be8c4 N` plays one.

Die Siedler von Catan - Das Kartenspiel, game e8b1b9f8f97be8c4, log entry 9
Players: bo (North), cy (South)
To move: bo (North)
Last moves:
  5. cy (South): keep
  6. bo (North): search pile 8
  7. bo (North): a move
  8. cy (South): search pile 6
  9. cy (South): a move

-- 
pbem server http://127.0.0.1:51015
Mute this game: pbem notify e8b1b9f8f97be8c4 --mute
One mail a day instead: pbem notify digest
No more mail: pbem notify none, or open
  http://127.0.0.1:51015/v1/mail/unsubscribe/2/2071f18d8780a6185321c5d073c3bd8f
', 'turn:e8b1b9f8f97be8c4:9:a2', 'pending', 0, '2026-12-07 02:42:48.104719', NULL, '2026-12-07 02:42:48.104719', NULL);


--
-- Data for Name: mailpref; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: movetoken; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: mute; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: payload; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.payload VALUES (1, '64d5b1fe5022f496', 4, 0, 0, '{"event":{"data":{"cards":["water","row5"]},"kind":"deal","to":[0]},"index":0,"salt":"eb90c84d1dc929a2f919f6ecee48b61fe4381392c23d52ed593e3c59746ba6bc","seq":4,"to":[0]}');
INSERT INTO public.payload VALUES (2, '64d5b1fe5022f496', 4, 1, 1, '{"event":{"data":{"cards":["air","two-stone"]},"kind":"deal","to":[1]},"index":1,"salt":"d75fb7c1a1300766663429c27ecf59192f854af9031555a95efcb5ec91802ae1","seq":4,"to":[1]}');
INSERT INTO public.payload VALUES (3, '64d5b1fe5022f496', 4, 2, 2, '{"event":{"data":{"cards":["earth","row3"]},"kind":"deal","to":[2]},"index":2,"salt":"0e08432d09081cca190f389222408b13d02fa6e1b4b367546c6fa8b3447a0a0e","seq":4,"to":[2]}');
INSERT INTO public.payload VALUES (4, '64d5b1fe5022f496', 10, 2, 0, '{"event":{"data":{"card":"three-stone"},"kind":"drew","to":[0]},"index":2,"salt":"b06c89a5ea61b8a2493381198341631d1dcbc79db7c12ced33df32e5e5b496db","seq":10,"to":[0]}');
INSERT INTO public.payload VALUES (5, '04d95adbba616f35', 3, 2, 0, '{"event":{"data":{"cards":["cave","gutsy","plucky","cave","gutsy"],"seat":0},"kind":"drew","to":[0]},"index":2,"salt":"c9ac1c9af5e47666d24b96533ca0b23cae95b99c90b63e423739348607506235","seq":3,"to":[0]}');
INSERT INTO public.payload VALUES (6, '04d95adbba616f35', 3, 4, 1, '{"event":{"data":{"cards":["dino","gutsy","cave","cave","cave"],"seat":1},"kind":"drew","to":[1]},"index":4,"salt":"14a84e8fbcaf46485446939e14f85838cf98fb658a2f7f8827ce604858b21c2e","seq":3,"to":[1]}');
INSERT INTO public.payload VALUES (7, '04d95adbba616f35', 6, 1, 0, '{"event":{"data":{"cards":["ballsy","snappy"],"seat":0},"kind":"drew","to":[0]},"index":1,"salt":"d3713487005d6e618b74dc92d0669661f89bd5be9a3abd42a62a94af27866f33","seq":6,"to":[0]}');
INSERT INTO public.payload VALUES (8, 'e7794fb0f4b14b89', 3, 2, 0, '{"event":{"data":{"cards":["ballsy","cave","snappy","cave","gritty"],"seat":0},"kind":"drew","to":[0]},"index":2,"salt":"389ffe496b9e9f25780a016feb5a5263d4171d954e0384043d5558aa4dbc4bc8","seq":3,"to":[0]}');
INSERT INTO public.payload VALUES (9, 'e7794fb0f4b14b89', 3, 4, 1, '{"event":{"data":{"cards":["gutsy","gritty","gutsy","dino","cave"],"seat":1},"kind":"drew","to":[1]},"index":4,"salt":"d222a5dc22a61150c6fc6183ce3cffb46eb06e25fe59f2b143d5d27a8072bc8c","seq":3,"to":[1]}');
INSERT INTO public.payload VALUES (10, 'e7794fb0f4b14b89', 6, 1, 0, '{"event":{"data":{"cards":["plucky","gutsy"],"seat":0},"kind":"drew","to":[0]},"index":1,"salt":"1ef4356a28d7d0d1bf9b8abe39d5898a96a3b275a132e0ea0f513c22bb81c5d6","seq":6,"to":[0]}');
INSERT INTO public.payload VALUES (11, 'e7794fb0f4b14b89', 8, 1, 0, '{"event":{"data":{"card":"ballsy","path":2,"row":1,"seat":0},"kind":"placed","to":[0]},"index":1,"salt":"7be22c6800704eb47dd05631e499c8339ee21e5007731fd284ce2c063b333381","seq":8,"to":[0]}');
INSERT INTO public.payload VALUES (12, 'e8b1b9f8f97be8c4', 6, 1, 0, '{"event":{"data":{"cards":["imelda","privateer-fleet","parliament","embassy","cannon"],"pile":7},"kind":"pile_seen","to":[0]},"index":1,"salt":"b188f54ffce6221654400402f39cdc63ab5558913710274dd8680f234c8b160a","seq":6,"to":[0]}');
INSERT INTO public.payload VALUES (13, 'e8b1b9f8f97be8c4', 7, 1, 0, '{"event":{"data":{"cards":["cannon","parliament","privateer-fleet"],"pile":7,"seat":0},"kind":"took_cards","to":[0]},"index":1,"salt":"84ffe5baf0aa77405bca83f95a301ff395da5ab5cbc6da660c9ab2a43592bc06","seq":7,"to":[0]}');
INSERT INTO public.payload VALUES (14, 'e8b1b9f8f97be8c4', 8, 1, 1, '{"event":{"data":{"cards":["palace","crane","wall","fire-station","customs-office","knight-hugo"],"pile":5},"kind":"pile_seen","to":[1]},"index":1,"salt":"e37c690916afec38576b2016ef2326994621ea34fef1d1c808db85dcd50f913b","seq":8,"to":[1]}');
INSERT INTO public.payload VALUES (15, 'e8b1b9f8f97be8c4', 9, 1, 1, '{"event":{"data":{"cards":["customs-office","knight-hugo","palace"],"pile":5,"seat":1},"kind":"took_cards","to":[1]},"index":1,"salt":"5c344c6c02174944f03722be21cc7c073de31a9e02191b5407521ef7ad56c27d","seq":9,"to":[1]}');


--
-- Data for Name: privategame; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Data for Name: schemaversion; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.schemaversion VALUES (1, '2026-12-07 02:41:54.154898');


--
-- Data for Name: seat; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.seat VALUES (1, '64d5b1fe5022f496', 0, 1, '1e179f2681c0f43e64ec034bdfc26d98b0f72613ab3fdff2964ba5757b2be629');
INSERT INTO public.seat VALUES (2, '64d5b1fe5022f496', 1, 2, '13eec3ab6a7cdb94d179c4857a7e79cd5e05ac52d41c5eac23f44417df64b886');
INSERT INTO public.seat VALUES (3, '64d5b1fe5022f496', 2, 3, 'ad8b9f6146921acb71e7299f99b0538e9a292f6610fbac7af53c6d0fb671ec98');
INSERT INTO public.seat VALUES (4, 'a3d497fd3a5972a9', 0, 2, 'f1e8c156c0654283f8655956465c9d790df13fabe546182b0b126ec85f7811d3');
INSERT INTO public.seat VALUES (5, 'a3d497fd3a5972a9', 1, 1, 'de61ef6678bf5d1b9c695801651b7f1ed003cd31adb2c36e6f23eb6e0ed44c67');
INSERT INTO public.seat VALUES (6, '04d95adbba616f35', 0, 3, 'f18aee46da7f89a243fcc5d7cf8a11ec20ae378a1cd0c727f5c8053af5b4b2f4');
INSERT INTO public.seat VALUES (7, '04d95adbba616f35', 1, 1, 'b15c83d9161cc24ae135d81aca6be9d0eb414796d81db172553903d865b376fa');
INSERT INTO public.seat VALUES (8, 'e7794fb0f4b14b89', 0, 1, '0fccc0954be5886f3749c2d7b871467349f1687ec56da52ad3928ec84edca6c2');
INSERT INTO public.seat VALUES (9, 'e7794fb0f4b14b89', 1, 2, 'f4e5f2cafd8f18cd2a37bec0569683b5324570bda488707d2c40f039d30790cf');
INSERT INTO public.seat VALUES (10, 'e8b1b9f8f97be8c4', 0, 2, '479298f6cb5ca0b02eadfed5ffede039833b34edc6689ab8f05ffbbaf74eb95f');
INSERT INTO public.seat VALUES (11, 'e8b1b9f8f97be8c4', 1, 3, 'f7b6e2de60ee97f5d3d0f4902005f6b44620bf788944a6cc36cdd4b26adefc8c');


--
-- Data for Name: secret; Type: TABLE DATA; Schema: public; Owner: -
--

INSERT INTO public.secret VALUES (1, 'e7794fb0f4b14b89', 8, '{"salt":"0c7afe58811024c265c52f29ae94b02897860f79bf1b243e32a0f3c60bbf51fa","secret":{"card":"ballsy"},"seq":8}');
INSERT INTO public.secret VALUES (2, 'e8b1b9f8f97be8c4', 7, '{"salt":"9b071248d8ff625a4cfc41f318d544cf2cb2e3f60b88c7924bb39c88ead731a7","secret":{"cards":["cannon","parliament","privateer-fleet"]},"seq":7}');
INSERT INTO public.secret VALUES (3, 'e8b1b9f8f97be8c4', 9, '{"salt":"be0829f3010ec51e3255d8495a1423bfe148b9abbcf3c2aaee95b849fae15db0","secret":{"cards":["customs-office","knight-hugo","palace"]},"seq":9}');


--
-- Data for Name: vacation; Type: TABLE DATA; Schema: public; Owner: -
--



--
-- Name: account_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.account_id_seq', 3, true);


--
-- Name: clock_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.clock_id_seq', 1, false);


--
-- Name: deadlinenotice_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.deadlinenotice_id_seq', 1, false);


--
-- Name: emailinvite_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.emailinvite_id_seq', 1, false);


--
-- Name: entry_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.entry_id_seq', 53, true);


--
-- Name: inboxmessage_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.inboxmessage_id_seq', 1, false);


--
-- Name: invite_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.invite_id_seq', 1, false);


--
-- Name: mail_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.mail_id_seq', 30, true);


--
-- Name: mailpref_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.mailpref_id_seq', 1, false);


--
-- Name: mute_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.mute_id_seq', 1, false);


--
-- Name: payload_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.payload_id_seq', 15, true);


--
-- Name: seat_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.seat_id_seq', 11, true);


--
-- Name: secret_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.secret_id_seq', 3, true);


--
-- Name: vacation_id_seq; Type: SEQUENCE SET; Schema: public; Owner: -
--

SELECT pg_catalog.setval('public.vacation_id_seq', 1, false);


--
-- Name: account account_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.account
    ADD CONSTRAINT account_pkey PRIMARY KEY (id);


--
-- Name: clock clock_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clock
    ADD CONSTRAINT clock_pkey PRIMARY KEY (id);


--
-- Name: deadlinenotice deadlinenotice_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deadlinenotice
    ADD CONSTRAINT deadlinenotice_pkey PRIMARY KEY (id);


--
-- Name: emailinvite emailinvite_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.emailinvite
    ADD CONSTRAINT emailinvite_pkey PRIMARY KEY (id);


--
-- Name: entry entry_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.entry
    ADD CONSTRAINT entry_pkey PRIMARY KEY (id);


--
-- Name: game game_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game
    ADD CONSTRAINT game_pkey PRIMARY KEY (id);


--
-- Name: inboxmessage inboxmessage_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.inboxmessage
    ADD CONSTRAINT inboxmessage_pkey PRIMARY KEY (id);


--
-- Name: invite invite_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invite
    ADD CONSTRAINT invite_pkey PRIMARY KEY (id);


--
-- Name: mail mail_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail
    ADD CONSTRAINT mail_pkey PRIMARY KEY (id);


--
-- Name: mailpref mailpref_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mailpref
    ADD CONSTRAINT mailpref_pkey PRIMARY KEY (id);


--
-- Name: movetoken movetoken_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.movetoken
    ADD CONSTRAINT movetoken_pkey PRIMARY KEY (token);


--
-- Name: mute mute_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mute
    ADD CONSTRAINT mute_pkey PRIMARY KEY (id);


--
-- Name: payload payload_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payload
    ADD CONSTRAINT payload_pkey PRIMARY KEY (id);


--
-- Name: privategame privategame_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.privategame
    ADD CONSTRAINT privategame_pkey PRIMARY KEY (game_id);


--
-- Name: schemaversion schemaversion_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.schemaversion
    ADD CONSTRAINT schemaversion_pkey PRIMARY KEY (version);


--
-- Name: seat seat_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat
    ADD CONSTRAINT seat_pkey PRIMARY KEY (id);


--
-- Name: secret secret_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.secret
    ADD CONSTRAINT secret_pkey PRIMARY KEY (id);


--
-- Name: vacation vacation_pkey; Type: CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.vacation
    ADD CONSTRAINT vacation_pkey PRIMARY KEY (id);


--
-- Name: account_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX account_key ON public.account USING btree (key);


--
-- Name: account_name; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX account_name ON public.account USING btree (name);


--
-- Name: account_name_lower; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX account_name_lower ON public.account USING btree (lower((name)::text));


--
-- Name: clock_expires_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX clock_expires_at ON public.clock USING btree (expires_at);


--
-- Name: clock_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX clock_game_id ON public.clock USING btree (game_id);


--
-- Name: clock_remind_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX clock_remind_at ON public.clock USING btree (remind_at);


--
-- Name: clock_warn_at; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX clock_warn_at ON public.clock USING btree (warn_at);


--
-- Name: deadlinenotice_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX deadlinenotice_account_id ON public.deadlinenotice USING btree (account_id);


--
-- Name: deadlinenotice_game; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX deadlinenotice_game ON public.deadlinenotice USING btree (game);


--
-- Name: emailinvite_by_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX emailinvite_by_id ON public.emailinvite USING btree (by_id);


--
-- Name: emailinvite_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX emailinvite_game_id ON public.emailinvite USING btree (game_id);


--
-- Name: emailinvite_game_id_email; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX emailinvite_game_id_email ON public.emailinvite USING btree (game_id, email);


--
-- Name: emailinvite_game_id_seat; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX emailinvite_game_id_seat ON public.emailinvite USING btree (game_id, seat);


--
-- Name: entry_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX entry_game_id ON public.entry USING btree (game_id);


--
-- Name: entry_game_id_seq; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX entry_game_id_seq ON public.entry USING btree (game_id, seq);


--
-- Name: game_creator_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX game_creator_id ON public.game USING btree (creator_id);


--
-- Name: game_request_sig; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX game_request_sig ON public.game USING btree (request_sig);


--
-- Name: inboxmessage_message_id; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX inboxmessage_message_id ON public.inboxmessage USING btree (message_id);


--
-- Name: invite_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invite_account_id ON public.invite USING btree (account_id);


--
-- Name: invite_by_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invite_by_id ON public.invite USING btree (by_id);


--
-- Name: invite_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX invite_game_id ON public.invite USING btree (game_id);


--
-- Name: invite_game_id_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX invite_game_id_account_id ON public.invite USING btree (game_id, account_id);


--
-- Name: invite_game_id_seat; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX invite_game_id_seat ON public.invite USING btree (game_id, seat);


--
-- Name: mail_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_account_id ON public.mail USING btree (account_id);


--
-- Name: mail_game; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_game ON public.mail USING btree (game);


--
-- Name: mail_key; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX mail_key ON public.mail USING btree (key);


--
-- Name: mail_status_next_try; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mail_status_next_try ON public.mail USING btree (status, next_try);


--
-- Name: mailpref_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX mailpref_account_id ON public.mailpref USING btree (account_id);


--
-- Name: movetoken_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX movetoken_game_id ON public.movetoken USING btree (game_id);


--
-- Name: mute_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mute_account_id ON public.mute USING btree (account_id);


--
-- Name: mute_account_id_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX mute_account_id_game_id ON public.mute USING btree (account_id, game_id);


--
-- Name: mute_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX mute_game_id ON public.mute USING btree (game_id);


--
-- Name: payload_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX payload_game_id ON public.payload USING btree (game_id);


--
-- Name: payload_game_id_seat_seq_index; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX payload_game_id_seat_seq_index ON public.payload USING btree (game_id, seat, seq, index);


--
-- Name: seat_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX seat_account_id ON public.seat USING btree (account_id);


--
-- Name: seat_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX seat_game_id ON public.seat USING btree (game_id);


--
-- Name: seat_game_id_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX seat_game_id_account_id ON public.seat USING btree (game_id, account_id);


--
-- Name: seat_game_id_seat; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX seat_game_id_seat ON public.seat USING btree (game_id, seat);


--
-- Name: secret_game_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX secret_game_id ON public.secret USING btree (game_id);


--
-- Name: secret_game_id_seq; Type: INDEX; Schema: public; Owner: -
--

CREATE UNIQUE INDEX secret_game_id_seq ON public.secret USING btree (game_id, seq);


--
-- Name: vacation_account_id; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX vacation_account_id ON public.vacation USING btree (account_id);


--
-- Name: vacation_ends; Type: INDEX; Schema: public; Owner: -
--

CREATE INDEX vacation_ends ON public.vacation USING btree (ends);


--
-- Name: clock clock_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.clock
    ADD CONSTRAINT clock_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE;


--
-- Name: deadlinenotice deadlinenotice_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.deadlinenotice
    ADD CONSTRAINT deadlinenotice_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.account(id) ON DELETE CASCADE;


--
-- Name: emailinvite emailinvite_by_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.emailinvite
    ADD CONSTRAINT emailinvite_by_id_fkey FOREIGN KEY (by_id) REFERENCES public.account(id);


--
-- Name: emailinvite emailinvite_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.emailinvite
    ADD CONSTRAINT emailinvite_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE;


--
-- Name: entry entry_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.entry
    ADD CONSTRAINT entry_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE;


--
-- Name: game game_creator_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.game
    ADD CONSTRAINT game_creator_id_fkey FOREIGN KEY (creator_id) REFERENCES public.account(id);


--
-- Name: invite invite_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invite
    ADD CONSTRAINT invite_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.account(id);


--
-- Name: invite invite_by_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invite
    ADD CONSTRAINT invite_by_id_fkey FOREIGN KEY (by_id) REFERENCES public.account(id);


--
-- Name: invite invite_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.invite
    ADD CONSTRAINT invite_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE;


--
-- Name: mail mail_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mail
    ADD CONSTRAINT mail_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.account(id) ON DELETE SET NULL;


--
-- Name: mailpref mailpref_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mailpref
    ADD CONSTRAINT mailpref_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.account(id) ON DELETE CASCADE;


--
-- Name: movetoken movetoken_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.movetoken
    ADD CONSTRAINT movetoken_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE;


--
-- Name: mute mute_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mute
    ADD CONSTRAINT mute_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.account(id) ON DELETE CASCADE;


--
-- Name: mute mute_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.mute
    ADD CONSTRAINT mute_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE;


--
-- Name: payload payload_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.payload
    ADD CONSTRAINT payload_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE;


--
-- Name: privategame privategame_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.privategame
    ADD CONSTRAINT privategame_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE;


--
-- Name: seat seat_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat
    ADD CONSTRAINT seat_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.account(id);


--
-- Name: seat seat_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.seat
    ADD CONSTRAINT seat_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE;


--
-- Name: secret secret_game_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.secret
    ADD CONSTRAINT secret_game_id_fkey FOREIGN KEY (game_id) REFERENCES public.game(id) ON DELETE CASCADE;


--
-- Name: vacation vacation_account_id_fkey; Type: FK CONSTRAINT; Schema: public; Owner: -
--

ALTER TABLE ONLY public.vacation
    ADD CONSTRAINT vacation_account_id_fkey FOREIGN KEY (account_id) REFERENCES public.account(id) ON DELETE CASCADE;


--
-- PostgreSQL database dump complete
--

\unrestrict PfjrEeRjPronRAOk5xhytIvvWfz3mj54osPG49cqRv9rt02H6tTd6ffhwtWcxYa

