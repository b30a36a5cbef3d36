PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE meta (
	"key" VARCHAR NOT NULL, 
	value TEXT NOT NULL, 
	PRIMARY KEY ("key")
);
INSERT INTO meta VALUES('created_at','2023-11-14T22:13:20Z');
INSERT INTO meta VALUES('generator','appcenter-generate');
INSERT INTO meta VALUES('generator_version','0.1.0');
INSERT INTO meta VALUES('locales','de;pt_BR');
INSERT INTO meta VALUES('origin','');
INSERT INTO meta VALUES('schema_version','2');
CREATE TABLE provenance (
	id INTEGER NOT NULL, 
	kind VARCHAR NOT NULL, 
	source VARCHAR NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (kind, source)
);
INSERT INTO provenance VALUES(1,'dep11','input.yml');
INSERT INTO provenance VALUES(2,'odrs','odrs:ratings.json');
CREATE TABLE applications (
	id INTEGER NOT NULL, 
	app_id VARCHAR NOT NULL, 
	kind VARCHAR NOT NULL, 
	desktop_id VARCHAR NOT NULL, 
	developer VARCHAR NOT NULL, 
	project_license VARCHAR NOT NULL, 
	homepage VARCHAR NOT NULL, 
	only_show_in VARCHAR NOT NULL, 
	not_show_in VARCHAR NOT NULL, 
	provenance_id INTEGER, 
	PRIMARY KEY (id), 
	UNIQUE (app_id), 
	FOREIGN KEY(provenance_id) REFERENCES provenance (id)
);
INSERT INTO applications VALUES(1,'org.example.Editor','desktop-application','org.example.Editor.desktop','','','','','',1);
INSERT INTO applications VALUES(2,'org.example.Mines','desktop-application','org.example.Mines.desktop','The Example Project','GPL-3.0-or-later','https://example.org/mines','','',1);
CREATE TABLE packages (
	id INTEGER NOT NULL, 
	name VARCHAR NOT NULL, 
	version VARCHAR NOT NULL, 
	arch VARCHAR NOT NULL, 
	origin VARCHAR NOT NULL, 
	source VARCHAR NOT NULL, 
	provenance_id INTEGER, 
	PRIMARY KEY (id), 
	UNIQUE (name, version, arch, origin), 
	FOREIGN KEY(provenance_id) REFERENCES provenance (id)
);
INSERT INTO packages VALUES(1,'example-editor','','','sample-main','',1);
INSERT INTO packages VALUES(2,'example-mines','','','sample-main','',1);
CREATE TABLE application_packages (
	application_id INTEGER NOT NULL, 
	package_id INTEGER NOT NULL, 
	PRIMARY KEY (application_id, package_id), 
	FOREIGN KEY(application_id) REFERENCES applications (id) ON DELETE CASCADE, 
	FOREIGN KEY(package_id) REFERENCES packages (id) ON DELETE CASCADE
);
INSERT INTO application_packages VALUES(1,1);
INSERT INTO application_packages VALUES(2,2);
CREATE TABLE texts (
	id INTEGER NOT NULL, 
	application_id INTEGER NOT NULL, 
	locale VARCHAR NOT NULL, 
	name TEXT, 
	summary TEXT, 
	description TEXT, 
	keywords TEXT, 
	provenance_id INTEGER, 
	PRIMARY KEY (id), 
	UNIQUE (application_id, locale), 
	FOREIGN KEY(application_id) REFERENCES applications (id) ON DELETE CASCADE, 
	FOREIGN KEY(provenance_id) REFERENCES provenance (id)
);
INSERT INTO texts VALUES(1,1,'C','Editor','Edit text files','Editor is a small text editor used by the import tests of appcenter-qt.',NULL,1);
INSERT INTO texts VALUES(2,2,'C','Mines','Clear hidden mines from a minefield',replace('Mines is a puzzle game where you search for hidden mines.\n\n• Three board sizes\n• Hints','\n',char(10)),'minesweeper;puzzle',1);
INSERT INTO texts VALUES(3,2,'de','Minen','Räumen Sie verborgene Minen','Minen ist ein Puzzlespiel.','Minensucher',1);
INSERT INTO texts VALUES(4,2,'pt_BR','Minas',NULL,NULL,NULL,1);
CREATE TABLE categories (
	application_id INTEGER NOT NULL, 
	category VARCHAR NOT NULL, 
	PRIMARY KEY (application_id, category), 
	FOREIGN KEY(application_id) REFERENCES applications (id) ON DELETE CASCADE
);
INSERT INTO categories VALUES(1,'TextEditor');
INSERT INTO categories VALUES(1,'Utility');
INSERT INTO categories VALUES(2,'Game');
INSERT INTO categories VALUES(2,'LogicGame');
CREATE TABLE icons (
	application_id INTEGER NOT NULL, 
	kind VARCHAR NOT NULL, 
	size INTEGER NOT NULL, 
	scale INTEGER NOT NULL, 
	name VARCHAR NOT NULL, 
	path VARCHAR NOT NULL, 
	PRIMARY KEY (application_id, kind, size, scale), 
	FOREIGN KEY(application_id) REFERENCES applications (id) ON DELETE CASCADE
);
INSERT INTO icons VALUES(1,'remote',128,1,'editor.png','https://media.example.org/pool/org/example/Editor/icons/128x128/editor.png');
INSERT INTO icons VALUES(1,'stock',0,1,'accessories-text-editor','');
INSERT INTO icons VALUES(2,'stock',0,1,'org.example.Mines','');
CREATE TABLE screenshots (
	id INTEGER NOT NULL, 
	application_id INTEGER NOT NULL, 
	position INTEGER NOT NULL, 
	is_default BOOLEAN NOT NULL, 
	PRIMARY KEY (id), 
	UNIQUE (application_id, position), 
	FOREIGN KEY(application_id) REFERENCES applications (id) ON DELETE CASCADE
);
INSERT INTO screenshots VALUES(1,2,0,1);
INSERT INTO screenshots VALUES(2,2,1,0);
CREATE TABLE ratings (
	application_id INTEGER NOT NULL, 
	star1 INTEGER NOT NULL, 
	star2 INTEGER NOT NULL, 
	star3 INTEGER NOT NULL, 
	star4 INTEGER NOT NULL, 
	star5 INTEGER NOT NULL, 
	total INTEGER NOT NULL, 
	score FLOAT NOT NULL, 
	provenance_id INTEGER, 
	PRIMARY KEY (application_id), 
	FOREIGN KEY(application_id) REFERENCES applications (id) ON DELETE CASCADE, 
	FOREIGN KEY(provenance_id) REFERENCES provenance (id)
);
INSERT INTO ratings VALUES(1,0,0,0,0,1,1,2.4036640000000000227,2);
INSERT INTO ratings VALUES(2,0,1,0,2,4,7,3.126859000000000055,2);
CREATE TABLE screenshot_images (
	screenshot_id INTEGER NOT NULL, 
	position INTEGER NOT NULL, 
	url VARCHAR NOT NULL, 
	width INTEGER NOT NULL, 
	height INTEGER NOT NULL, 
	thumbnail BOOLEAN NOT NULL, 
	PRIMARY KEY (screenshot_id, position), 
	FOREIGN KEY(screenshot_id) REFERENCES screenshots (id) ON DELETE CASCADE
);
INSERT INTO screenshot_images VALUES(1,0,'https://media.example.org/pool/org/example/Mines/a1/screenshots/image-1_orig.png',1280,720,0);
INSERT INTO screenshot_images VALUES(1,1,'https://media.example.org/pool/org/example/Mines/a1/screenshots/image-1_624x351.png',624,351,1);
INSERT INTO screenshot_images VALUES(2,0,'https://media.example.org/pool/org/example/Mines/a1/screenshots/image-2_orig.png',800,600,0);
CREATE TABLE screenshot_captions (
	screenshot_id INTEGER NOT NULL, 
	locale VARCHAR NOT NULL, 
	caption TEXT NOT NULL, 
	PRIMARY KEY (screenshot_id, locale), 
	FOREIGN KEY(screenshot_id) REFERENCES screenshots (id) ON DELETE CASCADE
);
INSERT INTO screenshot_captions VALUES(1,'C','A game in progress');
INSERT INTO screenshot_captions VALUES(1,'de','Ein laufendes Spiel');
CREATE TABLE IF NOT EXISTS 'search_data'(id INTEGER PRIMARY KEY, block BLOB);
INSERT INTO search_data VALUES(1,X'0404030d04');
INSERT INTO search_data VALUES(10,X'000000000101010001010101');
INSERT INTO search_data VALUES(137438953473,X'0000010108306a696e63746a6102060102060705636c656172020601020207046564697401060102020b026f72010802010303080678616d706c6501060103020106010302070566696c657301060102040803726f6d0206010205070668696464656e020601020307096d696e656669656c6402060102070b0173020e020102040103030c067765657065720206010102070670757a7a6c6502060101030704746578740106010203010b717a787a736c6d696e6173040202010b76687770787a6d696e656e0308020102050c06737563686572030601010207067261756d656e030601020207037369650306010203070a766572626f7267656e650306010204040e0c0b0a120c0a0d100c0d0d0b10130d0d0a');
CREATE TABLE IF NOT EXISTS 'search_idx'(segid, term, pgno, PRIMARY KEY(segid, term)) WITHOUT ROWID;
INSERT INTO search_idx VALUES(1,X'',2);
CREATE TABLE IF NOT EXISTS 'search_docsize'(id INTEGER PRIMARY KEY, sz BLOB);
INSERT INTO search_docsize VALUES(1,X'01000302');
INSERT INTO search_docsize VALUES(2,X'01020602');
INSERT INTO search_docsize VALUES(3,X'01010400');
INSERT INTO search_docsize VALUES(4,X'01000000');
CREATE TABLE IF NOT EXISTS 'search_config'(k PRIMARY KEY, v) WITHOUT ROWID;
INSERT INTO search_config VALUES('version',4);
ANALYZE sqlite_schema;
INSERT INTO sqlite_stat1 VALUES('search_docsize',NULL,'4');
INSERT INTO sqlite_stat1 VALUES('search_config','search_config','1 1');
INSERT INTO sqlite_stat1 VALUES('search_data',NULL,'3');
INSERT INTO sqlite_stat1 VALUES('ratings','ix_ratings_score','2 1');
INSERT INTO sqlite_stat1 VALUES('screenshots','sqlite_autoindex_screenshots_1','2 2 1');
INSERT INTO sqlite_stat1 VALUES('screenshot_images','sqlite_autoindex_screenshot_images_1','3 2 1');
INSERT INTO sqlite_stat1 VALUES('meta','sqlite_autoindex_meta_1','6 1');
INSERT INTO sqlite_stat1 VALUES('provenance','sqlite_autoindex_provenance_1','2 1 1');
INSERT INTO sqlite_stat1 VALUES('applications','sqlite_autoindex_applications_1','2 1');
INSERT INTO sqlite_stat1 VALUES('packages','ix_packages_name','2 1');
INSERT INTO sqlite_stat1 VALUES('packages','sqlite_autoindex_packages_1','2 1 1 1 1');
INSERT INTO sqlite_stat1 VALUES('application_packages','ix_application_packages_package','2 1');
INSERT INTO sqlite_stat1 VALUES('application_packages','sqlite_autoindex_application_packages_1','2 1 1');
INSERT INTO sqlite_stat1 VALUES('texts','sqlite_autoindex_texts_1','4 2 1');
INSERT INTO sqlite_stat1 VALUES('search_idx','search_idx','1 1 1');
INSERT INTO sqlite_stat1 VALUES('screenshot_captions','sqlite_autoindex_screenshot_captions_1','2 2 1');
INSERT INTO sqlite_stat1 VALUES('categories','ix_categories_category','4 1 1');
INSERT INTO sqlite_stat1 VALUES('categories','sqlite_autoindex_categories_1','4 2 1');
INSERT INTO sqlite_stat1 VALUES('icons','sqlite_autoindex_icons_1','3 2 1 1 1');
PRAGMA writable_schema=ON;
INSERT INTO sqlite_schema(type,name,tbl_name,rootpage,sql)VALUES('table','search','search',0,'CREATE VIRTUAL TABLE search USING fts5(name, keywords, summary, pkgnames, content='''', columnsize=1, tokenize=''unicode61 remove_diacritics 2'')');
CREATE INDEX ix_packages_name ON packages (name);
CREATE INDEX ix_application_packages_package ON application_packages (package_id);
CREATE INDEX ix_categories_category ON categories (category, application_id);
CREATE INDEX ix_ratings_score ON ratings (score);
PRAGMA writable_schema=OFF;
COMMIT;
PRAGMA user_version=2;
PRAGMA application_id=1094930772;
