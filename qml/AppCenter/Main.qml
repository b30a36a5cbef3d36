pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components

// The window: header (back, search, running work), category sidebar, the current page and
// the error banner. Every object comes from Python (app.py) as a required property.
ApplicationWindow {
    id: root

    required property var apps
    required property var categories
    required property var subcategories
    required property var appDetails
    property var reviews: null
    required property var navigation
    required property var transactions
    required property var updates
    required property var packageDetails
    required property var launcher
    required property var catalogSource
    required property var home
    required property var installed
    required property var sources

    // Below this width the sidebar becomes a drawer and the pages stack their headers.
    readonly property bool narrow: root.width < 700

    // The controls take the system palette as SystemPalette reports it (a style's own
    // palette, e.g. Fusion's, would ignore --color-scheme and an application palette).
    palette.window: Theme.palette.window
    palette.windowText: Theme.palette.windowText
    palette.base: Theme.palette.base
    palette.alternateBase: Theme.palette.alternateBase
    palette.text: Theme.palette.text
    palette.button: Theme.palette.button
    palette.buttonText: Theme.palette.buttonText
    palette.highlight: Theme.palette.highlight
    palette.highlightedText: Theme.palette.highlightedText
    palette.placeholderText: Theme.palette.placeholderText
    palette.light: Theme.palette.light
    palette.midlight: Theme.palette.midlight
    palette.mid: Theme.palette.mid
    palette.dark: Theme.palette.dark
    palette.shadow: Theme.palette.shadow
    palette.disabled.windowText: Theme.disabledPalette.windowText
    palette.disabled.text: Theme.disabledPalette.text
    palette.disabled.buttonText: Theme.disabledPalette.buttonText
    palette.disabled.button: Theme.disabledPalette.button
    palette.disabled.base: Theme.disabledPalette.base

    visible: true
    minimumWidth: 360
    minimumHeight: 480
    title: root.navigation.page === root.navigation.pages.app && root.appDetails.name !== ""
           ? qsTr("%1 — Applications").arg(root.appDetails.name) : qsTr("Applications")

    Component.onCompleted: search.focusField()

    // A sidebar entry besides the categories (Home, Installed, Sources), with an optional
    // count badge on the right.
    component SidebarEntry: ItemDelegate {
        id: entry
        property string badge: ""
        Layout.fillWidth: true
        focusPolicy: Qt.StrongFocus
        font.bold: entry.highlighted
        Accessible.name: entry.text
        rightPadding: entry.badge !== "" ? entryBadge.implicitWidth + Theme.largeSpacing * 2
                                         : Theme.largeSpacing
        Label {
            id: entryBadge
            textFormat: Text.PlainText
            visible: entry.badge !== ""
            anchors.right: parent.right
            anchors.rightMargin: Theme.largeSpacing
            anchors.verticalCenter: parent.verticalCenter
            text: entry.badge
            color: entry.highlighted ? entry.palette.highlightedText : Theme.mutedText
            Accessible.ignored: true
        }
        FocusRing {}
    }

    function goBack() {
        if (root.navigation.canGoBack)
            root.navigation.back()
    }

    Shortcut {
        sequences: [StandardKey.Find]
        onActivated: {
            root.navigation.showBrowse()
            search.focusField()
        }
    }
    // Back: Alt+Left, Backspace and the keyboard's Back key. StandardKey.Back already holds
    // some of them on most platforms, and a sequence registered twice is "ambiguous", which
    // Qt never reports as activated: both signals go back. A text field keeps Backspace for
    // itself (it claims the key before any shortcut sees it).
    Shortcut {
        sequences: [StandardKey.Back, "Alt+Left", "Backspace"]
        enabled: root.navigation.canGoBack
        onActivated: root.goBack()
        onActivatedAmbiguously: root.goBack()
    }

    header: ToolBar {
        RowLayout {
            anchors.fill: parent
            anchors.leftMargin: Theme.spacing
            anchors.rightMargin: Theme.spacing
            spacing: Theme.spacing

            ToolButton {
                objectName: "drawerButton"
                visible: root.narrow
                icon.name: "application-menu"
                icon.source: Qt.resolvedUrl("icons/application-menu.svg")  // no theme icon: ours
                icon.color: enabled ? Theme.text : Theme.disabledPalette.windowText
                icon.width: Theme.gridUnit  // follows the font, like the text
                icon.height: Theme.gridUnit
                text: qsTr("Categories")
                display: AbstractButton.IconOnly
                Accessible.name: qsTr("Show categories and updates")
                ToolTip.text: Accessible.name
                ToolTip.visible: hovered
                onClicked: drawer.open()
                FocusRing {}
            }
            ToolButton {
                objectName: "backButton"
                icon.name: "go-previous"
                icon.source: Qt.resolvedUrl("icons/go-previous.svg")  // no theme icon: ours
                icon.color: enabled ? Theme.text : Theme.disabledPalette.windowText
                icon.width: Theme.gridUnit  // follows the font, like the text
                icon.height: Theme.gridUnit
                text: qsTr("Back")
                display: root.narrow ? AbstractButton.IconOnly : AbstractButton.TextBesideIcon
                enabled: root.navigation.canGoBack
                opacity: enabled ? 1 : 0.45  // Fusion greys only the icon: the text fades too
                Accessible.name: qsTr("Back")
                onClicked: root.navigation.back()
                FocusRing {}
            }
            SearchField {
                id: search
                Layout.fillWidth: true
                Layout.maximumWidth: Theme.gridUnit * 24
                text: root.apps.searchText
                onEdited: newText => {
                    root.apps.searchText = newText
                    root.navigation.showBrowse()
                }
            }
            Item { visible: !root.narrow; Layout.fillWidth: true }
            BusyIndicator {
                running: root.transactions.runningCount > 0
                visible: running
                Layout.preferredHeight: Theme.gridUnit * 1.5
                Layout.preferredWidth: Theme.gridUnit * 1.5
                Accessible.name: qsTr("Work in progress")
            }
            ToolButton {
                id: workButton
                objectName: "activityButton"
                icon.name: "view-list-details"
                icon.source: Qt.resolvedUrl("icons/view-list-details.svg")  // no theme icon: ours
                icon.color: enabled ? Theme.text : Theme.disabledPalette.windowText
                icon.width: Theme.gridUnit  // follows the font, like the text
                icon.height: Theme.gridUnit
                text: root.transactions.runningCount > 0
                      ? qsTr("Running: %L1").arg(root.transactions.runningCount) : qsTr("Activity")
                display: root.narrow ? AbstractButton.IconOnly : AbstractButton.TextBesideIcon
                contentItem: PlainContent { control: workButton }
                enabled: transactionList.count > 0
                Accessible.name: qsTr("Show running installations and removals")
                onClicked: workPopup.open()
                FocusRing {}
                Popup {
                    id: workPopup
                    y: workButton.height
                    x: workButton.width - width
                    width: Math.min(Theme.gridUnit * 18, root.width - Theme.gridUnit)
                    height: Math.min(root.height * 0.6, transactionList.contentHeight + Theme.gridUnit)
                    ListView {
                        id: transactionList
                        anchors.fill: parent
                        clip: true
                        model: root.transactions
                        delegate: ItemDelegate {
                            id: row
                            required property string appName
                            required property string statusText
                            required property string errorText
                            required property int percent
                            required property bool running
                            width: ListView.view.width
                            text: row.appName
                            Accessible.name: row.appName
                            contentItem: ColumnLayout {
                                Label {
                                    text: row.appName
                                    textFormat: Text.PlainText
                                    elide: Text.ElideRight
                                    font.bold: true
                                    Layout.fillWidth: true
                                }
                                Label {
                                    text: row.running ? row.statusText
                                          : (row.errorText !== "" ? row.errorText : qsTr("Done"))
                                    textFormat: Text.PlainText
                                    elide: Text.ElideRight
                                    Layout.fillWidth: true
                                }
                                ProgressBar {
                                    visible: row.running
                                    from: 0
                                    to: 100
                                    value: Math.max(0, row.percent)
                                    indeterminate: row.percent < 0
                                    Layout.fillWidth: true
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // Back (mouse button 8) anywhere in the window. Above everything, but it accepts only
    // that button: every other press, hover and wheel goes through to what is below.
    MouseArea {
        anchors.fill: parent
        z: 1000
        acceptedButtons: Qt.BackButton
        onClicked: root.goBack()
    }

    // The sidebar's content lives in the pane beside the pages on a wide window and in the
    // drawer on a narrow one: one set of items, moved between the two.
    ColumnLayout {
        id: sidebarContent
        parent: root.narrow ? drawer.contentItem : sidebarPane.contentItem
        anchors.fill: parent
        spacing: 0
        SidebarEntry {
            objectName: "homeEntry"
            icon.name: "go-home"
            icon.width: Theme.gridUnit  // follows the font, like the text
            icon.height: Theme.gridUnit
            text: qsTr("Home")
            highlighted: root.navigation.page === root.navigation.pages.home
            onClicked: {
                root.navigation.showHome()
                drawer.close()
            }
        }
        CategoryList {
            id: sidebar
            Layout.fillWidth: true
            Layout.fillHeight: true
            model: root.categories
            current: root.navigation.page === root.navigation.pages.browse ? root.apps.category : "\u0001"
            onSelected: categoryId => {
                root.apps.category = categoryId
                root.navigation.showBrowse()
                drawer.close()
            }
        }
        MenuSeparator { Layout.fillWidth: true }
        ItemDelegate {
            id: updatesEntry
            objectName: "updatesEntry"
            Layout.fillWidth: true
            focusPolicy: Qt.StrongFocus
            icon.name: "system-software-update"
            icon.width: Theme.gridUnit  // follows the font, like the text
            icon.height: Theme.gridUnit
            text: qsTr("Updates")
            highlighted: root.navigation.page === root.navigation.pages.updates
            rightPadding: updatesBadge.visible ? updatesBadge.width + Theme.largeSpacing * 2
                                               : Theme.largeSpacing
            Accessible.name: root.updates.count > 0
                             ? qsTr("Updates: %n available", "", root.updates.count)
                             : qsTr("Updates")
            onClicked: {
                root.navigation.showUpdates()
                drawer.close()
            }
            FocusRing {}
            // The badge: how many updates wait; red when a security fix is among them.
            Rectangle {
                id: updatesBadge
                objectName: "updatesBadge"
                visible: root.updates.count > 0
                anchors.right: parent.right
                anchors.rightMargin: Theme.largeSpacing
                anchors.verticalCenter: parent.verticalCenter
                width: Math.max(height, badgeText.implicitWidth + Theme.largeSpacing)
                height: badgeText.implicitHeight + Theme.spacing
                radius: height / 2
                color: root.updates.securityCount > 0 ? Theme.negative : Theme.badge
                Label {
                    id: badgeText
                    textFormat: Text.PlainText
                    anchors.centerIn: parent
                    text: Number(root.updates.count).toLocaleString(Qt.locale(), "f", 0)
                    color: root.updates.securityCount > 0 ? Theme.negativeText : Theme.badgeText
                    font.bold: true
                    font.pointSize: Theme.smallSize
                }
            }
        }
        SidebarEntry {
            objectName: "installedEntry"
            icon.name: "drive-harddisk"
            icon.width: Theme.gridUnit  // follows the font, like the text
            icon.height: Theme.gridUnit
            text: qsTr("Installed")
            badge: root.installed.count > 0
                   ? Number(root.installed.count).toLocaleString(Qt.locale(), "f", 0) : ""
            highlighted: root.navigation.page === root.navigation.pages.installed
            Accessible.name: qsTr("Installed: %n application(s)", "", root.installed.count)
            onClicked: {
                root.navigation.showInstalled()
                drawer.close()
            }
        }
        SidebarEntry {
            objectName: "sourcesEntry"
            icon.name: "network-server"
            icon.width: Theme.gridUnit  // follows the font, like the text
            icon.height: Theme.gridUnit
            text: qsTr("Sources")
            highlighted: root.navigation.page === root.navigation.pages.sources
            onClicked: {
                root.navigation.showSources()
                drawer.close()
            }
        }
        Label {
            textFormat: Text.PlainText
            visible: root.catalogSource.isDemo
            text: qsTr("Showing the built-in demo catalog")
            wrapMode: Text.WordWrap
            color: Theme.mutedText
            font.pointSize: Theme.smallSize
            Layout.fillWidth: true
            Layout.margins: Theme.spacing
        }
    }

    Drawer {
        id: drawer
        objectName: "sidebarDrawer"
        width: Math.min(root.width * 0.85, Theme.gridUnit * 16)
        height: root.height
        interactive: root.narrow
        onAboutToShow: sidebar.forceActiveFocus()
        background: Rectangle { color: Theme.surface }
    }
    Connections {
        target: root
        function onNarrowChanged() {
            if (!root.narrow)
                drawer.close()
        }
    }

    RowLayout {
        anchors.fill: parent
        spacing: 0

        Pane {
            id: sidebarPane
            visible: !root.narrow
            Layout.fillHeight: true
            Layout.preferredWidth: Math.min(Theme.gridUnit * 16, root.width * 0.32)
            padding: 0
            background: Rectangle {
                // The list entries paint the system's base colour; Fusion gives a Pane a
                // greyer "base", which left the sidebar two-toned below the categories.
                color: Theme.surface
            }
        }

        // The line between the sidebar and the page, above the list entries' backgrounds.
        Rectangle {
            visible: !root.narrow
            Layout.fillHeight: true
            Layout.preferredWidth: 1
            color: Theme.border
        }

        ColumnLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 0

            ErrorBanner {
                Layout.fillWidth: true
                text: root.catalogSource.errorText
                visible: text !== ""
            }
            ErrorBanner {
                id: catalogWarning
                objectName: "catalogWarning"
                property bool dismissedByUser: false
                Layout.fillWidth: true
                tone: Theme.warning
                toneText: Theme.warningText
                text: root.catalogSource.warningText === "" ? ""
                      : root.catalogSource.isDemo
                        ? qsTr("This system's catalog could not be prepared, so demo applications are shown. Reason: %1").arg(root.catalogSource.warningText)
                        : qsTr("This system's catalog could not be updated, so the previous one is shown. Reason: %1").arg(root.catalogSource.warningText)
                visible: text !== "" && !dismissedByUser
                onDismissed: dismissedByUser = true
            }
            CatalogProgress {
                objectName: "catalogProgress"
                visible: root.showPreparing
                progress: root.catalogSource.progress
                detail: root.catalogSource.progressText
                Layout.fillWidth: true
                Layout.fillHeight: true
            }
            // The catalog is chosen again after the sources changed (a Flatpak source added,
            // removed or refreshed): the page stays, with this bar above it until the new
            // catalog is in. The detail is a file path from the machine: plain text.
            ColumnLayout {
                objectName: "catalogReload"
                visible: root.catalogSource.reloading
                spacing: Theme.spacing
                Layout.fillWidth: true
                Layout.margins: Theme.spacing
                Accessible.role: Accessible.ProgressBar
                Accessible.name: reloadTitle.text
                Label {
                    id: reloadTitle
                    textFormat: Text.PlainText
                    text: qsTr("Updating the catalog with the sources' applications…")
                    font.bold: true
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
                ProgressBar {
                    objectName: "catalogReloadBar"
                    from: 0
                    to: 1
                    value: Math.max(0, root.catalogSource.progress)
                    indeterminate: root.catalogSource.progress < 0
                    Layout.fillWidth: true
                }
                Label {
                    text: root.catalogSource.progressText
                    textFormat: Text.PlainText
                    elide: Text.ElideMiddle
                    color: Theme.mutedText
                    font.pointSize: Theme.smallSize
                    Layout.fillWidth: true
                }
            }
            ErrorBanner {
                Layout.fillWidth: true
                text: root.transactions.errorText
                visible: text !== ""
                onDismissed: root.transactions.clearError()
            }

            // One page at a time: each page is shown when Navigation names it. A page is
            // built when first shown; the others are built in the background once the first
            // cards are in (building all six before the first frame held it back by a
            // quarter of a second: bench/ui_bench.py). Once built, a page stays.
            Item {
                visible: !root.showPreparing
                Layout.fillWidth: true
                Layout.fillHeight: true

                // Each page's file is loaded when the page is first built, not with this
                // one: the five pages not shown cost the first frame 15 ms (issue 31).
                PageLoader {
                    page: root.navigation.pages.browse
                    file: "pages/BrowsePage.qml"
                    properties: ({
                        apps: root.apps,
                        navigation: root.navigation,
                        categories: root.categories,
                        subcategories: root.subcategories
                    })
                }
                PageLoader {
                    page: root.navigation.pages.app
                    file: "pages/AppPage.qml"
                    properties: ({
                        appDetails: root.appDetails,
                        transactions: root.transactions,
                        navigation: root.navigation,
                        packageDetails: root.packageDetails,
                        launcher: root.launcher,
                        reviews: root.reviews
                    })
                }
                PageLoader {
                    page: root.navigation.pages.updates
                    file: "pages/UpdatesPage.qml"
                    properties: ({ updates: root.updates })
                }
                PageLoader {
                    page: root.navigation.pages.home
                    file: "pages/HomePage.qml"
                    properties: ({
                        catalogSource: root.catalogSource,
                        home: root.home,
                        apps: root.apps,
                        navigation: root.navigation,
                        categories: root.categories
                    })
                }
                PageLoader {
                    page: root.navigation.pages.installed
                    file: "pages/InstalledPage.qml"
                    properties: ({
                        installed: root.installed,
                        transactions: root.transactions,
                        navigation: root.navigation,
                        launcher: root.launcher
                    })
                }
                PageLoader {
                    page: root.navigation.pages.sources
                    file: "pages/SourcesPage.qml"
                    properties: ({ sources: root.sources })
                }
            }
        }
    }

    // Opening a catalog that exists takes tens of milliseconds: the page (with its
    // placeholders) shows meanwhile. "Preparing the catalog…" is for a build, which reports
    // progress, or an open that takes longer than a moment.
    property bool slowOpen: false
    readonly property bool showPreparing: root.catalogSource.preparing
                                          && (root.slowOpen || root.catalogSource.progress >= 0)
    Timer {
        running: root.catalogSource.preparing && !root.slowOpen
        interval: 300
        onTriggered: root.slowOpen = true
    }

    // The pages not shown yet are built once the catalog is open and the window has had
    // time to show it; ``pagesBuilding`` is what app.py's busy() waits for.
    property bool pagesWarm: false
    property int pagesBuilt: 0
    readonly property bool pagesBuilding: root.pagesWarm && root.pagesBuilt < 6
    Timer {
        running: root.catalogSource.ready && !root.pagesWarm
        interval: 400
        onTriggered: root.pagesWarm = true
    }
    component PageLoader: Loader {
        id: loader
        required property string page
        // the page's QML file (beside this one) and its required properties
        required property string file
        required property var properties
        readonly property bool shown: root.navigation.page === loader.page
        // once built, a page stays (its state, and no object dies under a caller)
        property bool built: false
        anchors.fill: parent
        visible: loader.shown
        active: loader.shown || loader.built || root.pagesWarm
        // Built at once, also when hidden (after the first cards): incubating in slices
        // while the home rows were inserted froze a start now and then (issue 31).
        asynchronous: false
        onLoaded: {
            root.pagesBuilt += 1
            // Latched after this turn: a synchronous load runs inside the evaluation of
            // ``active``, and setting ``built`` there would re-enter it (a binding loop).
            Qt.callLater(loader.keep)
        }
        function keep(): void {
            loader.built = true
        }
        // The file is read when ``active`` first turns true, not before.
        Component.onCompleted: loader.setSource(Qt.resolvedUrl(loader.file), loader.properties)
    }

    PlainDialog {
        id: confirmDialog
        objectName: "confirmDialog"
        anchors.centerIn: parent
        modal: true
        width: Math.min(Theme.gridUnit * 26, root.width - Theme.gridUnit * 2)
        visible: root.transactions.confirmationAppId !== ""
        title: qsTr("Other software changes too")
        standardButtons: Dialog.Ok | Dialog.Cancel
        onAccepted: root.transactions.confirm()
        onRejected: root.transactions.decline()
        ColumnLayout {
            anchors.fill: parent
            Label {
                textFormat: Text.PlainText
                text: root.transactions.confirmationAction === "remove"
                      ? qsTr("Removing this application also changes these packages:")
                      : qsTr("Installing this application also changes these packages:")
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
            }
            Repeater {
                model: root.transactions.confirmationPackages
                delegate: Label {
                    required property string modelData
                    text: "• " + modelData
                    textFormat: Text.PlainText
                    elide: Text.ElideRight
                    Layout.fillWidth: true
                }
            }
        }
    }

    // Every `ToolTip.text` of the window shares one tooltip, which the style draws with a Text
    // in AutoText format (rich text when it looks like HTML, <img src> loaded). Made plain
    // here, once, for all of them: a version, an address or a reason can come from a package
    // or a source (issue 29; tests/ui/test_plain_text_everywhere.py).
    Item {
        id: sharedToolTip
        // Any item's ToolTip.toolTip is the shared one (asked here, it is created here).
        readonly property Item label: ToolTip.toolTip ? ToolTip.toolTip.contentItem : null
        visible: false
        Binding {
            target: sharedToolTip.label
            when: sharedToolTip.label !== null
            property: "textFormat"
            value: Text.PlainText
        }
    }
}
