pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components
import AppCenter.pages

// The window: header (back, search, running work), category sidebar, the current page and
// the error banner. Every object comes from Python (app.py) as a required property.
ApplicationWindow {
    id: root

    required property var apps
    required property var categories
    required property var subcategories
    required property var details
    property var reviews: null
    required property var nav
    required property var actions
    required property var updates
    required property var packageInfo
    required property var launcher
    required property var catalog

    visible: true
    minimumWidth: 640
    minimumHeight: 480
    title: root.nav.page === "app" && root.details.name !== ""
           ? qsTr("%1 — Applications").arg(root.details.name) : qsTr("Applications")

    Component.onCompleted: search.focusField()

    SystemPalette {
        id: systemPalette
        colorGroup: SystemPalette.Active
    }

    Shortcut {
        sequences: [StandardKey.Find]
        onActivated: {
            root.nav.showBrowse()
            search.focusField()
        }
    }
    Shortcut {
        sequences: [StandardKey.Back, "Alt+Left"]
        enabled: root.nav.canGoBack
        onActivated: root.nav.back()
    }

    header: ToolBar {
        RowLayout {
            anchors.fill: parent
            anchors.leftMargin: 8
            anchors.rightMargin: 8
            spacing: 8

            ToolButton {
                icon.name: "go-previous"
                text: qsTr("Back")
                display: AbstractButton.TextBesideIcon
                enabled: root.nav.canGoBack
                Accessible.name: qsTr("Back")
                onClicked: root.nav.back()
            }
            Label {
                text: qsTr("Applications")
                font.bold: true
                font.pixelSize: 18
                Layout.preferredWidth: 200
                Accessible.name: text
            }
            SearchField {
                id: search
                Layout.fillWidth: true
                Layout.maximumWidth: 520
                text: root.apps.searchText
                onEdited: newText => {
                    root.apps.searchText = newText
                    root.nav.showBrowse()
                }
            }
            Item { Layout.fillWidth: true }
            BusyIndicator {
                running: root.actions.runningCount > 0
                visible: running
                Layout.preferredHeight: 32
                Layout.preferredWidth: 32
                Accessible.name: qsTr("Work in progress")
            }
            ToolButton {
                id: workButton
                text: root.actions.runningCount > 0
                      ? qsTr("Running: %L1").arg(root.actions.runningCount) : qsTr("Activity")
                enabled: transactionList.count > 0
                Accessible.name: qsTr("Show running installations and removals")
                onClicked: workPopup.open()
                Popup {
                    id: workPopup
                    y: workButton.height
                    x: workButton.width - width
                    width: 360
                    height: Math.min(400, transactionList.contentHeight + 24)
                    ListView {
                        id: transactionList
                        anchors.fill: parent
                        clip: true
                        model: root.actions
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

    RowLayout {
        anchors.fill: parent
        spacing: 0

        Pane {
            id: sidebarPane
            Layout.fillHeight: true
            Layout.preferredWidth: 250
            padding: 0
            background: Rectangle {
                // The list entries paint the system's base colour; Fusion gives a Pane a
                // greyer "base", which left the sidebar two-toned below the categories.
                color: systemPalette.base
            }
            ColumnLayout {
                anchors.fill: parent
                spacing: 0
                CategoryList {
                    id: sidebar
                    Layout.fillWidth: true
                    Layout.fillHeight: true
                    model: root.categories
                    current: root.nav.page === "browse" ? root.apps.category : "\u0001"
                    onSelected: categoryId => {
                        root.apps.category = categoryId
                        root.nav.showBrowse()
                    }
                }
                MenuSeparator { Layout.fillWidth: true }
                ItemDelegate {
                    id: updatesEntry
                    objectName: "updatesEntry"
                    Layout.fillWidth: true
                    icon.name: "system-software-update"
                    text: qsTr("Updates")
                    highlighted: root.nav.page === "updates"
                    Accessible.name: root.updates.count > 0
                                     ? qsTr("Updates: %n available", "", root.updates.count)
                                     : qsTr("Updates")
                    onClicked: root.nav.showUpdates()
                    // The badge: how many updates wait; red when a security fix is among them.
                    Rectangle {
                        objectName: "updatesBadge"
                        visible: root.updates.count > 0
                        anchors.right: parent.right
                        anchors.rightMargin: 12
                        anchors.verticalCenter: parent.verticalCenter
                        width: Math.max(height, badgeText.implicitWidth + 12)
                        height: badgeText.implicitHeight + 6
                        radius: height / 2
                        color: root.updates.securityCount > 0 ? "#da4453" : updatesEntry.palette.highlight
                        Label {
                            id: badgeText
                            anchors.centerIn: parent
                            text: Number(root.updates.count).toLocaleString(Qt.locale(), "f", 0)
                            color: "white"
                            font.bold: true
                            font.pixelSize: 11
                        }
                    }
                }
                Label {
                    visible: root.catalog.isDemo
                    text: qsTr("Showing the built-in demo catalog")
                    wrapMode: Text.WordWrap
                    opacity: 0.7
                    font.pixelSize: 11
                    Layout.fillWidth: true
                    Layout.margins: 8
                }
            }
        }

        // The line between the sidebar and the page, above the list entries' backgrounds.
        Rectangle {
            Layout.fillHeight: true
            Layout.preferredWidth: 1
            color: systemPalette.mid
        }

        ColumnLayout {
            Layout.fillWidth: true
            Layout.fillHeight: true
            spacing: 0

            ErrorBanner {
                Layout.fillWidth: true
                text: root.catalog.errorText
                visible: text !== ""
            }
            ErrorBanner {
                id: catalogWarning
                objectName: "catalogWarning"
                property bool dismissedByUser: false
                Layout.fillWidth: true
                tone: "#f67400"
                text: root.catalog.warningText === "" ? ""
                      : root.catalog.isDemo
                        ? qsTr("This system's catalog could not be prepared, so demo applications are shown. Reason: %1").arg(root.catalog.warningText)
                        : qsTr("This system's catalog could not be updated, so the previous one is shown. Reason: %1").arg(root.catalog.warningText)
                visible: text !== "" && !dismissedByUser
                onDismissed: dismissedByUser = true
            }
            CatalogProgress {
                objectName: "catalogProgress"
                visible: root.catalog.preparing
                progress: root.catalog.progress
                detail: root.catalog.progressText
                Layout.fillWidth: true
                Layout.fillHeight: true
            }
            ErrorBanner {
                Layout.fillWidth: true
                text: root.actions.errorText
                visible: text !== ""
                onDismissed: root.actions.clearError()
            }

            StackLayout {
                visible: !root.catalog.preparing
                Layout.fillWidth: true
                Layout.fillHeight: true
                currentIndex: root.nav.page === "app" ? 1 : (root.nav.page === "updates" ? 2 : 0)

                BrowsePage {
                    apps: root.apps
                    nav: root.nav
                    categories: root.categories
                    subcategories: root.subcategories
                }
                AppPage {
                    details: root.details
                    actions: root.actions
                    nav: root.nav
                    packageInfo: root.packageInfo
                    launcher: root.launcher
                    reviews: root.reviews
                }
                UpdatesPage {
                    updates: root.updates
                }
            }
        }
    }

    Dialog {
        id: confirmDialog
        objectName: "confirmDialog"
        anchors.centerIn: parent
        modal: true
        width: Math.min(520, root.width - 40)
        visible: root.actions.confirmationAppId !== ""
        title: qsTr("Other software changes too")
        standardButtons: Dialog.Ok | Dialog.Cancel
        onAccepted: root.actions.confirm()
        onRejected: root.actions.decline()
        ColumnLayout {
            anchors.fill: parent
            Label {
                text: qsTr("Installing this application also changes these packages:")
                wrapMode: Text.WordWrap
                Layout.fillWidth: true
            }
            Repeater {
                model: root.actions.confirmationPackages
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
}
